// The JavaScript each page of the built client loads on a full visit, read from the build output
// alone (no browser): for an app page, React Router's client manifest (assets/manifest-*.js, the
// file the browser itself reads) gives the entry and, for every route from the root down to the
// page's, its module and the chunks it imports; these are the modulepreloads of the page's HTML.
// For a page that ships an islands script (the public pages', or the sign-in pages' own), its HTML
// names that script and its preloads. Each file
// is counted once, at its gzip -9 size (what a gzip-only client receives).
//   node apps/web/scripts/page-weight.mjs [client build folder]   prints every page's weight
// The budget test (test/page-budget.test.ts) fails when a page passes its budget (PAGE_BUDGETS).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1000;

/**
 * Every page measured, by the React Router route id that renders it (ids from src/app/routes.ts)
 * or, for an islands page, its prerendered HTML; the most JavaScript, gzipped, it may load
 * (`budget`); and, for a staff page, the most any may load (`goal`, ADR 0043), which every one has
 * reached (ADR 0056); for a staff page too, the most files it may load (`maxScripts`, ADR 0057). A
 * sign-in or staff page's budget is its weight when it last changed plus a few kB of headroom,
 * rounded to 5 kB, and never above the goal (ADR 0051; ADR 0057 traded some bytes for files).
 */
const STAFF_GOAL = 150 * KB;
/**
 * The most files a staff page may load on a full load (ADR 0057): over HTTP/1.1 a phone fetches six
 * at a time, a round trip each, so the count weighs as much as the bytes. Each page loads 12–20;
 * the pages that start without zod have budgets of their own, their counts since ADR 0117.
 */
export const STAFF_MAX_SCRIPTS = 20;
/**
 * The most the staff base chunk (`staff-*.js`: what every staff page runs besides the libraries'
 * chunk) may weigh (ADR 0076). React Router loads beside it in `staff-libraries-*.js`, which the
 * shell asks for behind the stylesheet, and zod and the forms library in chunks of their own with
 * the pages that use them (ADR 0111); a library or module landing in the base again fails the
 * budget test.
 */
export const STAFF_BASE_BUDGET = 60 * KB;
/**
 * The most the stylesheet every page links may weigh, gzipped: it holds back the first paint of
 * every page. Bootstrap's rules that no page can use leave it in the build (ADR 0103).
 */
export const STYLESHEET_BUDGET = 20 * KB;
export const PAGE_BUDGETS = [
  // Public pages (ADR 0029): the islands script only.
  ...['/', '/enquiry', '/about', '/terms', '/view-one', '/privacy'].map((page) => ({ page, html: page, budget: 90 * KB })),
  // The applicant's document page (ADR 0046): phones on slow connections; its page and upload chunks come on top.
  { page: '/documents', html: '/documents', budget: 60 * KB },
  // The applicant's pay page (ADR 0091): phones on slow connections, like the document page.
  { page: '/pay', html: '/pay', budget: 60 * KB },
  // The public check of a receipt, opened from its QR code on a phone (ADR 0088).
  { page: '/receipt', html: '/receipt', budget: 60 * KB },
  // Sign-in pages (ADR 0050): their own islands script; each page's weight of 2026-11-26 plus a little headroom.
  ...[
    ['/login', 30],
    ['/forgot-password', 30],
    ['/reset-password', 30],
  ].map(([page, budget]) => ({ page, html: page, budget: budget * KB })),
  // Staff pages: the staff layout and the page's own route; each page's weight of 2026-12-01, when
  // the pages that build no schema as they start stopped loading zod and the forms library and the
  // others took a chunk of schemas (ADR 0111), plus a little headroom; the application list's since
  // it checks its search without zod (ADR 0116). The pages that start without zod keep to the
  // files they load since they share their small modules (ADR 0117).
  ...[
    ['/dashboard', 'routes/admin/dashboard', 105, 13],
    ['/myWork', 'routes/admin/my-work', 105, 12],
    ['/application', 'routes/admin/application-list', 105, 13],
    ['/updateApplicationView/:id', 'application-file-by-id', 145],
    ['/addUserApplication', 'routes/admin/application-new', 150],
    ['/editApplication', 'routes/admin/application-edit', 150],
    ['/passports', 'routes/admin/passports', 135],
    ['/reports', 'routes/admin/reports', 105, 12],
    ['/slider', 'routes/admin/slide-list', 135],
    ['/addSliders', 'routes/admin/slide-new', 150],
    ['/editSlider', 'routes/admin/slide-edit', 150],
    ['/userManagement', 'routes/admin/staff-list', 100, 13],
    ['/addUserManagement', 'routes/admin/staff-new', 150],
    ['/editUserManagement', 'routes/admin/staff-edit', 150],
    ['/setting', 'routes/admin/settings', 105, 14],
    ['/profile', 'routes/admin/profile', 150],
  ].map(([page, route, budget, files]) => ({ page, route, budget: budget * KB, goal: STAFF_GOAL, maxScripts: files ?? STAFF_MAX_SCRIPTS })),
];

/** React Router's client manifest, as the browser receives it. */
export function readRouterManifest(clientDir) {
  const assets = path.join(clientDir, 'assets');
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}: build the web app first`);
  const source = fs.readFileSync(path.join(assets, file), 'utf8');
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
  return { file: `/assets/${file}`, manifest: JSON.parse(json) };
}

/** The scripts a full load of an app page fetches: the manifest, the entry, each route's module and imports. */
export function appPageScripts(router, routeId) {
  const { manifest } = router;
  const scripts = new Set([router.file, manifest.entry.module, ...manifest.entry.imports]);
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`no route ${id} in the React Router manifest`);
    chain.unshift(route);
  }
  for (const route of chain) for (const file of [route.module, ...(route.imports ?? [])]) scripts.add(file);
  return [...scripts];
}

/** The scripts a prerendered page's HTML loads or preloads. */
export function htmlPageScripts(clientDir, page) {
  const file = path.join(clientDir, page.replace(/^\/+/, ''), 'index.html');
  const html = fs.readFileSync(file, 'utf8');
  const found = [...html.matchAll(/<(?:link rel="modulepreload" href|script type="module"[^>]*?src)="([^"]+\.js)"/g)];
  return [...new Set(found.map((m) => m[1]))];
}

const gzipSizes = new Map();
function gzipSize(clientDir, file) {
  const key = path.join(clientDir, file);
  if (!gzipSizes.has(key)) gzipSizes.set(key, zlib.gzipSync(fs.readFileSync(key), { level: 9 }).length);
  return gzipSizes.get(key);
}

/** The stylesheet every page links, as the staff shell's HTML names it, with its gzip size. */
export function sharedStylesheet(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, '__spa-fallback.html'), 'utf8');
  const file = /<link rel="stylesheet" href="(\/assets\/[^"#]+\.css)/.exec(html)?.[1];
  if (!file) throw new Error('no stylesheet in the staff shell');
  return { file, gzip: gzipSize(clientDir, file) };
}

/**
 * The staff app's chunks every staff page loads, by the group that made them (vite.staff-chunks.ts):
 * the base (`staff-<hash>.js`) and the libraries (`staff-libraries-<hash>.js`), each with its gzip
 * size; the entry imports both.
 */
export function staffChunks(clientDir) {
  const { manifest } = readRouterManifest(clientDir);
  const find = (pattern) => {
    const file = manifest.entry.imports.find((f) => pattern.test(path.basename(f)));
    if (!file) throw new Error(`no ${pattern} among the entry's imports: is the staff chunking in vite.staff-chunks.ts in place?`);
    return { file, gzip: gzipSize(clientDir, file) };
  };
  return { base: find(/^staff-[\w-]{8}\.js$/), libraries: find(/^staff-libraries-[\w-]{8}\.js$/) };
}

/** Each budgeted page with its scripts (largest first), their gzipped total and its budget. */
export function pageWeights(clientDir, budgets = PAGE_BUDGETS) {
  const router = readRouterManifest(clientDir);
  return budgets.map((entry) => {
    const files = entry.route ? appPageScripts(router, entry.route) : htmlPageScripts(clientDir, entry.html);
    const scripts = files.map((file) => ({ file, gzip: gzipSize(clientDir, file) })).sort((a, b) => b.gzip - a.gzip);
    return { ...entry, scripts, gzip: scripts.reduce((sum, s) => sum + s.gzip, 0) };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const clientDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../build/client'));
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
  let over = false;
  for (const row of pageWeights(clientDir)) {
    const tooMany = row.maxScripts !== undefined && row.scripts.length > row.maxScripts;
    over ||= row.gzip > row.budget || tooMany;
    const largest = row.scripts.slice(0, 4).map((s) => `${path.basename(s.file)} ${kb(s.gzip)}`);
    console.log(
      `${row.page.padEnd(28)} ${kb(row.gzip).padStart(9)} in ${String(row.scripts.length).padStart(2)} scripts${tooMany ? ` (over ${row.maxScripts})` : ''}` +
        `  budget ${kb(row.budget)}${row.goal ? `, goal ${kb(row.goal)}` : ''}${row.gzip > row.budget ? '  OVER' : ''}` +
        `  largest: ${largest.join(', ')}`,
    );
  }
  const { base, libraries } = staffChunks(clientDir);
  over ||= base.gzip > STAFF_BASE_BUDGET;
  console.log(
    `staff base chunk ${path.basename(base.file)} ${kb(base.gzip)}  budget ${kb(STAFF_BASE_BUDGET)}${base.gzip > STAFF_BASE_BUDGET ? '  OVER' : ''}` +
      `  (libraries beside it: ${path.basename(libraries.file)} ${kb(libraries.gzip)})`,
  );
  const sheet = sharedStylesheet(clientDir);
  over ||= sheet.gzip > STYLESHEET_BUDGET;
  console.log(
    `stylesheet ${path.basename(sheet.file)} ${kb(sheet.gzip)}  budget ${kb(STYLESHEET_BUDGET)}${sheet.gzip > STYLESHEET_BUDGET ? '  OVER' : ''}`,
  );
  process.exit(over ? 1 : 0);
}
