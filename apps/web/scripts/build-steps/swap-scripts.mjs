// Build step: the public pages that mount islands ship the islands script instead of the React
// Router app (ADR 0029). Their prerendered HTML keeps its content and styles, loses the app's
// module preloads, module scripts, streamed route data and placeholders, and gains the islands
// entry (vite.islands.config.ts) with its preloads. A page whose islands come in a chunk of their
// own (the sign-in pages' `signIn`, ADR 0050) preloads that chunk too, so it arrives with the entry
// instead of after it. The staff pages keep the app; a link from a public page to them is a full
// page load.
import fs from 'node:fs';
import path from 'node:path';

/** The islands whose code the entry imports dynamically, by their module in src/islands/. */
const ISLAND_CHUNKS = { signIn: 'src/islands/sign-in.tsx' };

/** A chunk and every chunk it imports at once, as files. */
function withImports(manifest, key, into = new Set()) {
  if (into.has(manifest[key].file)) return into;
  into.add(manifest[key].file);
  for (const imported of manifest[key].imports ?? []) withImports(manifest, imported, into);
  return into;
}

/**
 * The islands entry and the chunks it imports at once, and for each island in a chunk of its own
 * the files that chunk needs besides, from the manifest the islands build wrote.
 */
function islandsScript(root) {
  const manifestFile = path.join(root, '.vite/islands-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  // Read here only: it is not served.
  fs.rmSync(path.dirname(manifestFile), { recursive: true });
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entry = manifest[entryKey];
  const atOnce = withImports(manifest, entryKey);
  const chunks = {};
  for (const [island, source] of Object.entries(ISLAND_CHUNKS)) {
    if (!manifest[source]) throw new Error(`the islands build has no chunk for ${source}`);
    chunks[island] = [...withImports(manifest, source)].filter((file) => !atOnce.has(file));
  }
  return { entry: entry.file, preloads: (entry.imports ?? []).map((key) => manifest[key].file), chunks };
}

function toIslandsPage(html, url, script, islands) {
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
    throw new Error(`${url}: unexpected markup after the page content: ${visible.slice(0, 80)}`);
  const head = html
    .slice(0, bodyStart)
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    // The head's own inline script (the remembered language, root.tsx) stays.
    .replace(/<script type="module"[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(
      '</head>',
      [...script.preloads, ...islands.flatMap((island) => script.chunks[island] ?? [])]
        .map((file) => `<link rel="modulepreload" href="/${file}"/>`)
        .join('') + `<script type="module" src="/${script.entry}"></script></head>`,
    );
  return head + html.slice(bodyStart, tailStart) + '</body></html>';
}

/** Rewrites each page in place; returns what it did, for the build's log. */
export function swapScripts(root, pages) {
  const script = islandsScript(root);
  for (const { url, file, islands } of pages)
    fs.writeFileSync(file, toIslandsPage(fs.readFileSync(file, 'utf8'), url, script, islands ?? []));
  return `${pages.length} public page(s) use ${script.entry}`;
}
