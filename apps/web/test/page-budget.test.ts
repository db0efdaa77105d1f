import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PAGE_BUDGETS,
  STAFF_BASE_BUDGET,
  STYLESHEET_BUDGET,
  pageWeights,
  readRouterManifest,
  sharedStylesheet,
  staffChunks,
} from '../scripts/page-weight.mjs';

// The built client, as `npm test` leaves it (it builds first when a source is newer than the build).
const CLIENT = path.resolve(import.meta.dirname, '../build/client');
const source = (file: string) => fs.readFileSync(path.join(CLIENT, file), 'utf8');

describe('JavaScript budgets of the built pages (ADR 0043)', () => {
  const weights = pageWeights(CLIENT);

  it.each(weights.map((w) => [w.page, w] as const))('%s stays within its budget', (_page, weight) => {
    const largest = weight.scripts.slice(0, 5).map((s) => `${path.basename(s.file)} ${s.gzip}`);
    expect(weight.gzip, `${weight.page}: ${weight.gzip} B gzipped; largest: ${largest.join(', ')}`).toBeLessThanOrEqual(weight.budget);
    // A staff page in a few files, not dozens (ADR 0057).
    if (weight.maxScripts !== undefined) expect(weight.scripts.length, `${weight.page}: scripts`).toBeLessThanOrEqual(weight.maxScripts);
  });

  it('keeps the staff base chunk within its budget, React Router beside it, all asked for behind the stylesheet (ADR 0076)', () => {
    const { base, libraries } = staffChunks(CLIENT);
    expect(base.gzip, `${base.file}: ${base.gzip} B gzipped`).toBeLessThanOrEqual(STAFF_BASE_BUDGET);
    // The libraries' own chunk: React Router's navigation is in it, not in the base; zod is in neither.
    expect(source(libraries.file)).toContain('__reactRouterContext');
    expect(source(base.file)).not.toContain('__reactRouterContext');
    for (const file of [base.file, libraries.file]) expect(source(file), file).not.toContain('ZodError');
    // The shell's first paint needs no script: none of its preloads may compete with the stylesheet.
    const shell = fs.readFileSync(path.join(CLIENT, '__spa-fallback.html'), 'utf8');
    const preloads = shell.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.map((tag) => /\bhref="([^"]+)"/.exec(tag)?.[1])).toEqual(expect.arrayContaining([base.file, libraries.file]));
    for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
  });

  it('has every script a staff page starts with ask for its functions compiled as it streams in (ADR 0115)', () => {
    const staffPages = weights.filter((w) => w.maxScripts !== undefined);
    const manifest = readRouterManifest(CLIENT).file;
    expect(staffPages.length).toBeGreaterThan(5);
    for (const page of staffPages)
      // React Router's manifest is data: it has no function to compile.
      for (const { file } of page.scripts.filter((s) => s.file !== manifest)) {
        // The first line, or the second after the bundler's list of a dynamic import's files.
        const opening = source(file).split('\n', 2);
        expect(opening, `${page.page}: ${file}`).toContain('//# allFunctionsCalledOnLoad');
      }
  });

  const loads = (page: string, mark: string) =>
    weights.find((w) => w.page === page)?.scripts.some((s) => source(s.file).includes(mark)) ?? false;
  // zod's error class and React Hook Form's context name, each in its library's chunk only.
  const ZOD = 'ZodError';
  const FORMS = 'HookFormContext';

  it('starts the pages that build no schema without zod or the forms library, which the others load (ADR 0111, ADR 0116)', () => {
    for (const page of ['/dashboard', '/application', '/myWork', '/reports', '/setting', '/userManagement']) {
      expect(loads(page, ZOD), `${page} loads zod`).toBe(false);
      expect(loads(page, FORMS), `${page} loads the forms library`).toBe(false);
    }
    expect(loads('/addUserApplication', ZOD)).toBe(true);
    expect(loads('/addUserApplication', FORMS)).toBe(true);
  });

  it('gives the pages that start without zod one file of the small modules they share, which no page with zod loads (ADR 0117)', () => {
    const light = (page: string) => weights.find((w) => w.page === page)?.scripts.some((s) => /^staff-light-/.test(path.basename(s.file)));
    // The dashboard's small shared modules (the money words, My work's fetch, the list's paging) in that file.
    expect(light('/dashboard')).toBe(true);
    expect(light('/application')).toBe(true);
    for (const page of weights.filter((w) => w.route && loads(w.page, ZOD)))
      expect(light(page.page), `${page.page} loads the small modules of the pages without zod`).toBe(false);
  });

  it('keeps the stylesheet every page links within its budget: Bootstrap without the rules no page can use (ADR 0103)', () => {
    const sheet = sharedStylesheet(CLIENT);
    expect(sheet.gzip, `${sheet.file}: ${sheet.gzip} B gzipped`).toBeLessThanOrEqual(STYLESHEET_BUDGET);
    for (const page of ['index.html', 'enquiry/index.html', 'login/index.html']) {
      expect(fs.readFileSync(path.join(CLIENT, page), 'utf8'), page).toContain(`href="${sheet.file}`);
    }
    const css = fs.readFileSync(path.join(CLIENT, sheet.file), 'utf8');
    // Classes React Bootstrap composes from a prop (`variant`, `size`, `striped`) and the grid's from numbers stay…
    for (const kept of [
      '.btn-outline-secondary{',
      '.table-striped>',
      '.spinner-border-sm{',
      '.col-md-6{',
      '.alert-danger{',
      '.is-invalid',
    ]) {
      expect(css).toContain(kept);
    }
    // …and components no page renders are gone.
    for (const gone of ['.carousel-item', '.offcanvas', '.popover', '.accordion']) expect(css).not.toContain(gone);
  });

  it('measures every staff route of the route table, and the sign-in pages from their HTML', () => {
    const routes = fs.readFileSync(path.resolve(import.meta.dirname, '../src/app/routes.ts'), 'utf8');
    const pageRoutes = [...routes.matchAll(/route\(paths\.(\w+),/g)].map((m) => m[1] ?? '');
    const signIn = ['login', 'forgotPassword', 'resetPassword'];
    const staff = pageRoutes.filter(
      (name) =>
        ![...signIn, 'home', 'terms', 'about', 'enquiry', 'viewOne', 'documents', 'privacy', 'pay', 'receipt', 'applicationFile'].includes(
          name,
        ),
    );
    expect(PAGE_BUDGETS.filter((b) => b.route)).toHaveLength(staff.length);
    // Every staff page within the goal: a budget above it would let a page pass it unnoticed.
    for (const b of PAGE_BUDGETS.filter((b) => b.route)) expect(b.budget, b.page).toBeLessThanOrEqual(b.goal ?? 0);
    // The sign-in pages are islands pages with a script of their own (ADR 0050), never the app's.
    for (const page of ['/login', '/forgot-password', '/reset-password']) {
      const row = weights.find((w) => w.page === page);
      expect(row?.html).toBe(page);
      expect(row?.budget).toBeLessThanOrEqual(50_000);
      expect(row?.scripts.map((s) => path.basename(s.file))).toEqual(expect.arrayContaining([expect.stringMatching(/^sign-in-/)]));
      expect(row?.scripts.some((s) => /^(entry\.client|manifest)-/.test(path.basename(s.file)))).toBe(false);
    }
  });
});

describe('the budget check', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('counts the whole route chain once per file and reports a page that grew past its budget', () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    const manifest = {
      entry: { module: '/assets/entry.js', imports: ['/assets/shared.js'] },
      routes: {
        root: { id: 'root', module: '/assets/root.js', imports: ['/assets/shared.js'] },
        page: { id: 'page', parentId: 'root', module: '/assets/page.js', imports: ['/assets/big.js'] },
      },
    };
    fs.writeFileSync(path.join(dir, 'assets/manifest-test.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
    for (const name of ['entry', 'shared', 'root', 'page'])
      fs.writeFileSync(path.join(dir, `assets/${name}.js`), `export const ${name} = 1;`);
    // Incompressible bytes: a library that landed in the page's graph.
    const big = Buffer.concat(Array.from({ length: 125 }, (_, i) => crypto.createHash('sha256').update(String(i)).digest()));
    fs.writeFileSync(path.join(dir, 'assets/big.js'), big);

    const row = pageWeights(dir, [{ page: '/page', route: 'page', budget: 2000 }])[0]!;
    expect(row.scripts.map((s) => s.file).sort()).toEqual(
      ['/assets/big.js', '/assets/entry.js', '/assets/manifest-test.js', '/assets/page.js', '/assets/root.js', '/assets/shared.js'].sort(),
    );
    expect(row.gzip).toBeGreaterThan(row.budget);
  });

  it("counts an islands page's script and the chunks its HTML preloads, and reports one that grew past its budget", () => {
    fs.mkdirSync(path.join(dir, 'sign-in'));
    fs.writeFileSync(
      path.join(dir, 'sign-in/index.html'),
      '<html><head><link rel="modulepreload" href="/assets/big.js"/><script type="module" src="/assets/entry.js"></script></head><body></body></html>',
    );
    const row = pageWeights(dir, [{ page: '/sign-in', html: '/sign-in', budget: 2000 }])[0]!;
    expect(row.scripts.map((s) => s.file).sort()).toEqual(['/assets/big.js', '/assets/entry.js']);
    expect(row.gzip).toBeGreaterThan(row.budget);
  });
});
