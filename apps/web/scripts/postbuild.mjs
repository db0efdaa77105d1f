// After `react-router build`: compute SHA-256 hashes of every inline <script> in the emitted
// HTML so the server's CSP can allow exactly those and nothing else (ADR 0004).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../build/client');
const hashes = new Set();
const walk = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.html')) {
      const html = fs.readFileSync(full, 'utf8');
      for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
        if (m[1].length) hashes.add('sha256-' + createHash('sha256').update(m[1]).digest('base64'));
      }
    }
  }
};
walk(root);
fs.writeFileSync(path.join(root, 'csp.json'), JSON.stringify({ scriptHashes: [...hashes] }, null, 2));
console.log(`csp.json: ${hashes.size} inline script hash(es)`);
