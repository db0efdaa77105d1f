// Build step: the SHA-256 hash of every inline <script> in the emitted HTML, written to csp.json,
// so that the server's CSP allows exactly those and nothing else (ADR 0004). It runs after every
// step that changes a page, so the hashes are those of the pages as served.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function addHashes(dir, hashes) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) addHashes(full, hashes);
    else if (entry.name.endsWith('.html')) {
      const html = fs.readFileSync(full, 'utf8');
      for (const m of html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)) {
        if (m[1].length) hashes.add('sha256-' + createHash('sha256').update(m[1]).digest('base64'));
      }
    }
  }
}

/** Writes `csp.json` at the root of the client build; returns what it did, for the build's log. */
export function cspHashes(root) {
  const hashes = new Set();
  addHashes(root, hashes);
  fs.writeFileSync(path.join(root, 'csp.json'), JSON.stringify({ scriptHashes: [...hashes] }, null, 2));
  return `csp.json holds ${hashes.size} inline script hash(es)`;
}
