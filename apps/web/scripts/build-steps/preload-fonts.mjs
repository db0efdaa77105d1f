// Build step: the pages that get the islands script ask for the regular weight of the web fonts
// their stylesheets use (the Bengali face, so on Bengali pages only) with the stylesheets, rather
// than once the text is laid out. Without the app's scripts their first paint comes early, often
// before the face; the regular weight sets most of the text, the largest paint included, so the
// text no longer moves when it arrives (layout shift). The bold weight is left to load when needed:
// preloading it too was measured to delay the largest paint on simulated slow 4G (ADR 0029).
import fs from 'node:fs';
import path from 'node:path';

/** The regular-weight `woff2` files named by the `@font-face` rules of the page's stylesheets. */
const regularFonts = (root, html) =>
  [...html.matchAll(/<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"/g)].flatMap(([, css]) =>
    [...fs.readFileSync(path.join(root, css), 'utf8').matchAll(/@font-face\{[^}]*\}/g)]
      .filter(([face]) => /font-weight:\s*(400|normal)\b/.test(face))
      .flatMap(([face]) => [...face.matchAll(/url\((\/assets\/[^)]+\.woff2)\)/g)].map(([, font]) => font)),
  );

/** Adds the preloads at the end of each page's head; returns what it did, for the build's log. */
export function preloadFonts(root, pages) {
  let preloaded = 0;
  for (const { file } of pages) {
    const html = fs.readFileSync(file, 'utf8');
    const fonts = [...new Set(regularFonts(root, html))];
    if (fonts.length === 0) continue;
    const links = fonts.map((font) => `<link rel="preload" as="font" type="font/woff2" href="${font}" crossorigin=""/>`).join('');
    fs.writeFileSync(file, html.replace('</head>', `${links}</head>`));
    preloaded += 1;
  }
  return `${preloaded} of ${pages.length} page(s) preload their regular web font`;
}
