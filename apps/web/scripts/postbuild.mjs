// After `react-router build`: compute SHA-256 hashes of every inline <script> in the emitted
// HTML so the server's CSP can allow exactly those and nothing else (ADR 0004).
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../build/client');

// The public pages in both languages ship the islands script instead of the React Router app
// (ADR 0029): their prerendered HTML keeps its content and styles, loses the framework's module
// scripts, preloads and streamed data, and gains one module script (vite.islands.config.ts).
// Login and the staff pages keep the app; a link from a public page to them is a full page load.
const manifestFile = path.join(root, '.vite/islands-manifest.json');
const islandsManifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
// Read here only: it is not served.
fs.rmSync(path.dirname(manifestFile), { recursive: true });
const islandsEntry = Object.values(islandsManifest).find((chunk) => chunk.isEntry);
const islandsPreloads = (islandsEntry.imports ?? []).map((key) => islandsManifest[key].file);
const publicPages = JSON.parse(fs.readFileSync(path.resolve(root, '../public-pages.json'), 'utf8'));

const toIslandsPage = (html, page) => {
  const bodyStart = html.indexOf('<body');
  // Everything from the body's first script on is the framework's: its scripts, and the streamed
  // route data with its placeholders. Nothing a visitor sees may be in there.
  const tailStart = html.indexOf('<script', bodyStart);
  const tail = html.slice(tailStart, html.lastIndexOf('</body>'));
  const visible = tail
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<template[^>]*><\/template>|<!--[\s\S]*?-->|<\/?div[^>]*>/g, '')
    .trim();
  if (bodyStart < 0 || tailStart < 0 || visible)
    throw new Error(`${page}: unexpected markup after the page content: ${visible.slice(0, 80)}`);
  // The regular weight of the web fonts its stylesheets use (the Bengali face, on Bengali pages
  // only) is asked for with the stylesheets rather than once the text is laid out: it sets most of
  // the text, the largest paint included, so that text does not move when the face arrives (layout
  // shift). The bold weight is left to load when needed: preloading it too was measured to delay the
  // largest paint on simulated slow 4G (ADR 0029).
  const fonts = [...html.matchAll(/<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"/g)].flatMap(([, css]) =>
    [...fs.readFileSync(path.join(root, css), 'utf8').matchAll(/@font-face\{[^}]*\}/g)]
      .filter(([face]) => /font-weight:\s*(400|normal)\b/.test(face))
      .flatMap(([face]) => [...face.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map(([, font]) => font)),
  );
  const head = html
    .slice(0, bodyStart)
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    // The head's own inline script (the remembered language, root.tsx) stays.
    .replace(/<script type="module"[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(
      '</head>',
      [...new Set(fonts)].map((font) => `<link rel="preload" as="font" type="font/woff2" href="${font}" crossorigin=""/>`).join('') +
        islandsPreloads.map((file) => `<link rel="modulepreload" href="/${file}"/>`).join('') +
        `<script type="module" src="/${islandsEntry.file}"></script></head>`,
    );
  return head + html.slice(bodyStart, tailStart) + '</body></html>';
};
for (const page of publicPages) {
  const file = path.join(root, page.replace(/^\/+/, ''), 'index.html');
  fs.writeFileSync(file, toIslandsPage(fs.readFileSync(file, 'utf8'), page));
}
console.log(`islands: ${publicPages.length} public page(s) use ${islandsEntry.file}`);
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
