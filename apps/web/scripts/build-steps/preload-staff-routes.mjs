// Build step: the staff pages' shell (the SPA fallback, served for every staff address) asks at
// once for every script of the page it was opened on (ADR 0043). Its own module preloads cover
// only the root; the app then imports the page's route modules, and the browser finds each
// module's imports only once that module has arrived, a chain of round trips on a slow link. A
// small inline script in the head matches the address against the staff routes of React Router's
// manifest and adds the module preloads of that page's routes, so they all come down together.
import fs from 'node:fs';
import path from 'node:path';
import { appPageScripts, readRouterManifest } from '../page-weight.mjs';

/** The staff routes with a path, by the pattern of that path (`:id` is any one segment). */
export function staffRoutes(manifest) {
  const underStaffLayout = (id) => {
    for (let at = manifest.routes[id]; at; at = manifest.routes[at.parentId]) if (at.id === 'routes/admin/layout') return true;
    return false;
  };
  return Object.values(manifest.routes)
    .filter((route) => route.path && underStaffLayout(route.id))
    .map((route) => ({ id: route.id, pattern: `^${route.path.replace(/:[^/]+/g, '[^/]+')}/?$` }));
}

function preloadScript(router, alreadyPreloaded) {
  const files = [];
  const indexOf = (file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const routes = staffRoutes(router.manifest).map(({ id, pattern }) => [
    pattern,
    appPageScripts(router, id)
      .filter((file) => !alreadyPreloaded.has(file))
      .map(indexOf),
  ]);
  return (
    `(function(){var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},p=location.pathname;` +
    `for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){for(var j=0;j<r[i][1].length;j++){` +
    `var l=document.createElement('link');l.rel='modulepreload';l.href=f[r[i][1][j]];document.head.appendChild(l)}break}})()`
  );
}

/** Adds the script to the shell's head; returns what it did, for the build's log. */
export function preloadStaffRoutes(root) {
  const file = path.join(root, '__spa-fallback.html');
  const html = fs.readFileSync(file, 'utf8');
  const shellPreloads = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
  const script = preloadScript(readRouterManifest(root), shellPreloads);
  // Before the shell's own preloads, so the page's start with them; after the charset and viewport.
  const at = html.indexOf('<link rel="modulepreload"');
  if (at < 0) throw new Error(`${file}: no module preload in the shell`);
  fs.writeFileSync(file, `${html.slice(0, at)}<script>${script}</script>${html.slice(at)}`);
  return `the staff shell preloads its page's scripts (${script.length} B inline)`;
}
