// Build step: the public pages that mount islands ship the islands script instead of the React
// Router app (ADR 0029). Their prerendered HTML keeps its content and styles, loses the app's
// module preloads, module scripts, streamed route data and placeholders, and gains the islands
// entry (vite.islands.config.ts) with its preloads; the sign-in pages (island `signIn`) get the
// sign-in build's entry instead (ADR 0050). The staff pages keep the app; a link from a public page
// to them is a full page load.
import fs from 'node:fs';
import path from 'node:path';

/** An islands build's entry and the chunks it imports at once, from the manifest that build wrote. */
function entryScript(root, name) {
  const manifestFile = path.join(root, `.vite/${name}-manifest.json`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return { entry: entry.file, preloads: (entry.imports ?? []).map((key) => manifest[key].file) };
}

/** The public pages' script and the sign-in pages' (ADR 0050), each from its own build. */
function islandsScripts(root) {
  const scripts = { islands: entryScript(root, 'islands'), signIn: entryScript(root, 'sign-in') };
  // Read here only: they are not served.
  fs.rmSync(path.join(root, '.vite'), { recursive: true });
  return scripts;
}

function toIslandsPage(html, url, script) {
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
      script.preloads.map((file) => `<link rel="modulepreload" href="/${file}"/>`).join('') +
        `<script type="module" src="/${script.entry}"></script></head>`,
    );
  return head + html.slice(bodyStart, tailStart) + '</body></html>';
}

/** Rewrites each page in place; returns what it did, for the build's log. */
export function swapScripts(root, pages) {
  const scripts = islandsScripts(root);
  for (const { url, file, islands } of pages) {
    const script = islands?.includes('signIn') ? scripts.signIn : scripts.islands;
    fs.writeFileSync(file, toIslandsPage(fs.readFileSync(file, 'utf8'), url, script));
  }
  return `${pages.length} islands page(s) use ${scripts.islands.entry} or, to sign in, ${scripts.signIn.entry}`;
}
