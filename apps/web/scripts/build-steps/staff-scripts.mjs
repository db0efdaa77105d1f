// Build step: the islands sign-in pages (ADR 0050) list, in their HTML, the scripts of the staff
// page a sign-in leads to, which is a full page load of the staff shell there: the shell's own
// module preloads, and for each staff route (by the pattern of its path) the modules of its route
// chain. src/islands/staff-prefetch.ts reads the list when the password was right and prefetches
// the target page's scripts while the second factor is typed. A JSON script is never run, so it
// needs no CSP hash.
import fs from 'node:fs';
import path from 'node:path';
import { appPageScripts, readRouterManifest } from '../page-weight.mjs';
import { staffRoutes } from './preload-staff-routes.mjs';

const STAFF_SCRIPTS_ID = 'staff-scripts';

function staffScriptList(root) {
  const shell = fs.readFileSync(path.join(root, '__spa-fallback.html'), 'utf8');
  const shellFiles = [...shell.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"|import\("([^"]+\.js)"\)/g)].map((m) => m[1] ?? m[2]);
  const router = readRouterManifest(root);
  const files = [];
  const indexOf = (file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const shellIndexes = [...new Set([...shellFiles, router.file, router.manifest.entry.module])].map(indexOf);
  const routes = staffRoutes(router.manifest).map(({ id, pattern }) => [
    pattern,
    appPageScripts(router, id)
      .map(indexOf)
      .filter((index) => !shellIndexes.includes(index)),
  ]);
  return { files, shell: shellIndexes, routes };
}

/** Adds the list to the sign-in pages; returns what it did, for the build's log. */
export function staffScripts(root, pages) {
  const signIn = pages.filter((page) => page.islands?.includes('signIn'));
  const json = JSON.stringify(staffScriptList(root));
  for (const { file } of signIn) {
    const html = fs.readFileSync(file, 'utf8');
    if (!html.includes('</body>')) throw new Error(`${file}: no </body>`);
    fs.writeFileSync(file, html.replace('</body>', `<script type="application/json" id="${STAFF_SCRIPTS_ID}">${json}</script></body>`));
  }
  return `${signIn.length} sign-in page(s) list the staff pages' scripts (${json.length} B)`;
}
