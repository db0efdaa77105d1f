// After `react-router build` and the islands build (package.json): the steps that turn the client
// build into what the server serves, each in build-steps/, in this order:
// 1. preload-fonts: the pages that get the islands script ask for their regular web font with
//    their stylesheets (first, so these preloads stay next to the stylesheets in the head);
// 2. swap-scripts: those pages load the islands script instead of the React Router app;
// 3. staff-scripts: the sign-in pages list the staff shell's scripts by staff page, for the
//    prefetch while the second factor is typed (ADR 0050);
// 4. preload-staff-routes: the staff pages' shell gets its inline script (src/shell/), bundled with
//    the build's data: it asks at once for the scripts of the page it is opened on (ADR 0043), and
//    starts that page's first requests (ADR 0057);
// 5. csp-hashes: the hashes of the inline scripts of every page as served (JSON data excepted), for the CSP;
// 6. compress: brotli and gzip twins of every text file, csp.json included.
// Which pages get the islands script is the public page table's (PUBLIC_PAGES in
// src/config/paths.ts), as react-router.config.ts writes it to build/public-pages.json.
import fs from 'node:fs';
import path from 'node:path';
import { compressFiles } from './build-steps/compress.mjs';
import { cspHashes } from './build-steps/csp-hashes.mjs';
import { preloadFonts } from './build-steps/preload-fonts.mjs';
import { preloadStaffRoutes } from './build-steps/preload-staff-routes.mjs';
import { staffScripts } from './build-steps/staff-scripts.mjs';
import { swapScripts } from './build-steps/swap-scripts.mjs';

const root = path.resolve(import.meta.dirname, '../build/client');
const publicPages = JSON.parse(fs.readFileSync(path.resolve(root, '../public-pages.json'), 'utf8'));
const islandsPages = publicPages
  .filter((page) => page.islands !== null)
  .map(({ url, islands }) => ({ url, islands, file: path.join(root, url.replace(/^\/+/, ''), 'index.html') }));

const steps = [
  ['preload-fonts', () => preloadFonts(root, islandsPages)],
  ['swap-scripts', () => swapScripts(root, islandsPages)],
  ['staff-scripts', () => staffScripts(root, islandsPages)],
  [
    'preload-staff-routes',
    () => preloadStaffRoutes(root, JSON.parse(fs.readFileSync(path.resolve(root, '../early-requests.json'), 'utf8'))),
  ],
  ['csp-hashes', () => cspHashes(root)],
  ['compress', () => compressFiles(root)],
];
for (const [name, run] of steps) console.log(`${name}: ${await run()}`);
