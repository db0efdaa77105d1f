// Build step: the staff pages' shell (the SPA fallback, served for every staff address) gets its
// inline script (ADR 0043, ADR 0057): src/shell/early-requests-script.ts, bundled here with the
// data only the build knows. From React Router's manifest, the staff routes and the module files of
// each; from early-requests.json (written by react-router.config.ts from src/config/early-requests.ts),
// the requests each page starts early, as the addresses the app's calls build from the route table.
import fs from 'node:fs';
import path from 'node:path';
import { appPageScripts, readRouterManifest } from '../page-weight.mjs';

const ENTRY = path.resolve(import.meta.dirname, '../../src/shell/early-requests-entry.ts');

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

/**
 * Set on the document when the address is no staff page (a mistyped one, before the app sends it
 * on): the shell's frame then shows only its "Loading…", not a staff menu and header for a moment.
 */
export const NOT_A_STAFF_PAGE = 'not-a-staff-page';

/**
 * The shell's module preloads, asked for behind the stylesheet (ADR 0076). The shell's first paint
 * is its frame, in HTML and CSS; no script takes part in it. At the default (high) priority the
 * scripts shared the slow link with the stylesheet and held the paint back; at low priority they
 * still start from the HTML, and the browser gives the stylesheet the link first.
 */
const SCRIPT_PRIORITY = 'low';
const lowPriority = (html) =>
  html.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, `<link rel="modulepreload" href="$1" fetchpriority="${SCRIPT_PRIORITY}"/>`);

/** What the script is given (ShellScriptData in src/shell/early-requests-script.ts). */
function scriptData(router, alreadyPreloaded, early) {
  const files = [];
  const indexOf = (file) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const routes = staffRoutes(router.manifest).map(({ id, pattern }) => [
    pattern,
    appPageScripts(router, id)
      .filter((file) => !alreadyPreloaded.has(file))
      .map(indexOf),
    early.byPage[id] ?? [],
  ]);
  return {
    files,
    routes,
    everyPage: early.everyPage,
    tokenKey: early.tokenKey,
    accept: early.accept,
    background: early.background,
    notAStaffPage: NOT_A_STAFF_PAGE,
  };
}

/** The script itself: the entry bundled and minified, the data put in where it is declared. */
async function shellScript(data) {
  // Loaded here, not with the module: staffRoutes is read by other steps and their tests, in
  // environments (jsdom) where the bundler refuses to load.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    define: { STAFF_SHELL_DATA: JSON.stringify(data) },
  });
  return result.outputFiles[0].text.trim();
}

/**
 * Adds the script to the shell's head; returns what it did, for the build's log. `early` is the
 * content of early-requests.json (none: no request is started early).
 */
export async function preloadStaffRoutes(root, early) {
  const file = path.join(root, '__spa-fallback.html');
  const html = fs.readFileSync(file, 'utf8');
  const shellPreloads = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]));
  const none = { everyPage: [], byPage: {}, tokenKey: '', accept: '', background: ['', ''] };
  const script = await shellScript(scriptData(readRouterManifest(root), shellPreloads, early ?? none));
  // Before the shell's own preloads, so the page's start with them; after the charset and viewport.
  const at = html.indexOf('<link rel="modulepreload"');
  if (at < 0) throw new Error(`${file}: no module preload in the shell`);
  fs.writeFileSync(file, `${html.slice(0, at)}<script>${script}</script>${lowPriority(html.slice(at))}`);
  return `the staff shell preloads its page's scripts at ${SCRIPT_PRIORITY} priority${early ? ' and starts its first requests' : ''} (${script.length} B inline)`;
}
