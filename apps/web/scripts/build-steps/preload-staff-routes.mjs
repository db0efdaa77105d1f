// Build step: the staff pages' shell (the SPA fallback, served for every staff address) asks at
// once for every script of the page it was opened on (ADR 0043). Its own module preloads cover
// only the root; the app then imports the page's route modules, and the browser finds each
// module's imports only once that module has arrived, a chain of round trips on a slow link. A
// small inline script in the head matches the address against the staff routes of React Router's
// manifest and adds the module preloads of that page's routes, so they all come down together.
// When a token is stored, the same script starts the page's first GET requests (ADR 0057), listed
// in src/config/early-requests.ts and written by the build to early-requests.json: the app's own
// calls take their answers (src/lib/early-requests.ts) instead of asking only once its scripts run.
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

const asPairs = (requests) => requests.map((r) => [r.url, r.background ? 1 : 0]);

/**
 * Started early, on a staff page only, with the stored token as the app would send it: the requests
 * of every page, and the page's own when neither the address has a query nor the history entry
 * carries the app's state (React Router keeps it under `usr`): either can change what the page asks
 * for, as the application list's search does. Each is kept with what the app
 * matches it by; a failure is caught here so that one the app never takes is not reported.
 */
const earlyScript = (early) =>
  `function e(o){var t;try{t=localStorage.getItem(${JSON.stringify(early.tokenKey)})}catch(x){}if(!t)return;` +
  `var q=${JSON.stringify(asPairs(early.everyPage))}.concat(location.search||history.state&&history.state.usr?[]:o),a='Bearer '+t,s=window.__visaEarly=[];` +
  `for(var k=0;k<q.length;k++){var h={Accept:${JSON.stringify(early.accept)},Authorization:a};` +
  `var b=q[k][1]?${JSON.stringify(early.background[1])}:null,m={Authorization:a};m[${JSON.stringify(early.background[0])}]=b;` +
  `if(b)h[${JSON.stringify(early.background[0])}]=b;var g=fetch(q[k][0],{headers:h,credentials:'same-origin'});g.catch(function(){});` +
  `s.push({url:q[k][0],headers:m,at:Date.now(),response:g})}}`;

/**
 * Set on the document when the address is no staff page (a mistyped one, before the app sends it
 * on): the shell's frame then shows only its "Loading…", not a staff menu and header for a moment.
 */
export const NOT_A_STAFF_PAGE = 'not-a-staff-page';

function preloadScript(router, alreadyPreloaded, early) {
  const files = [];
  const indexOf = (file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const routes = staffRoutes(router.manifest).map(({ id, pattern }) => [
    pattern,
    appPageScripts(router, id)
      .filter((file) => !alreadyPreloaded.has(file))
      .map(indexOf),
    asPairs(early?.byPage[id] ?? []),
  ]);
  return (
    `(function(){${early ? earlyScript(early) : 'function e(){}'}var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},p=location.pathname;` +
    `for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){e(r[i][2]);for(var j=0;j<r[i][1].length;j++){` +
    `var l=document.createElement('link');l.rel='modulepreload';l.href=f[r[i][1][j]];document.head.appendChild(l)}return}` +
    `document.documentElement.classList.add(${JSON.stringify(NOT_A_STAFF_PAGE)})})()`
  );
}

/**
 * Adds the script to the shell's head; returns what it did, for the build's log. `early` is the
 * content of early-requests.json (none: no request is started early).
 */
export function preloadStaffRoutes(root, early) {
  const file = path.join(root, '__spa-fallback.html');
  const html = fs.readFileSync(file, 'utf8');
  const shellPreloads = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
  const script = preloadScript(readRouterManifest(root), shellPreloads, early);
  // Before the shell's own preloads, so the page's start with them; after the charset and viewport.
  const at = html.indexOf('<link rel="modulepreload"');
  if (at < 0) throw new Error(`${file}: no module preload in the shell`);
  fs.writeFileSync(file, `${html.slice(0, at)}<script>${script}</script>${html.slice(at)}`);
  return `the staff shell preloads its page's scripts${early ? ' and starts its first requests' : ''} (${script.length} B inline)`;
}
