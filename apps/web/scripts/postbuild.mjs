// After `react-router build`: compute SHA-256 hashes of every inline <script> in the emitted
// HTML so the server's CSP can allow exactly those and nothing else (ADR 0004).
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
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

// Brotli and gzip twins of every text file, served by the API when the browser accepts them
// (preCompressed in apps/api/src/plugins/web.ts): the pages' byte budgets are compressed sizes.
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest)$/;
let twins = 0;
const compress = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) compress(full);
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(full).size >= 256) {
      const bytes = fs.readFileSync(full);
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      twins += 1;
    }
  }
};
compress(root);
console.log(`compressed: ${twins} file(s) (.br, .gz)`);
