// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_A_STAFF_PAGE, preloadStaffRoutes } from '../scripts/build-steps/preload-staff-routes.mjs';

/**
 * The build step that bundles the staff shell's script (src/shell/early-requests-script.ts, whose
 * own tests say what it does) with the build's data and puts it inline in the shell. Here: where it
 * goes, and that the bundled script runs as a browser runs it, with the manifest's routes and files
 * and the listed requests. In Node, where the bundler runs (it refuses jsdom's globals).
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-preload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const manifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root.js', imports: ['/assets/react.js'] },
    'routes/public/layout': { id: 'routes/public/layout', parentId: 'root', module: '/assets/public.js', imports: [] },
    'routes/public/login': {
      id: 'routes/public/login',
      parentId: 'routes/public/layout',
      path: '/login',
      module: '/assets/login.js',
      imports: [],
    },
    'routes/admin/layout': {
      id: 'routes/admin/layout',
      parentId: 'root',
      module: '/assets/staff-layout.js',
      imports: ['/assets/modal.js'],
    },
    dashboard: { id: 'dashboard', parentId: 'routes/admin/layout', path: '/dashboard', module: '/assets/dashboard.js', imports: [] },
    file: {
      id: 'file',
      parentId: 'routes/admin/layout',
      path: '/updateApplicationView/:id',
      module: '/assets/file.js',
      imports: ['/assets/phone.js'],
    },
  },
};

const EARLY = {
  tokenKey: 'token',
  accept: 'application/json, text/plain, */*',
  background: ['x-session-activity', 'background'] as [string, string],
  everyPage: [{ url: '/api/users/me' }, { url: '/api/users/session', background: true }],
  byPage: { dashboard: [{ url: '/api/application/stats' }] },
};

/** The shell as the build leaves it, with the step applied. */
async function buildShell(early?: typeof EARLY) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'assets/manifest-test.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  fs.writeFileSync(
    path.join(dir, '__spa-fallback.html'),
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.js"/></head><body></body></html>',
  );
  await preloadStaffRoutes(dir, early);
  return fs.readFileSync(path.join(dir, '__spa-fallback.html'), 'utf8');
}

/**
 * The shell opened at `pathname` with a stored token: its inline script run with what it uses of the
 * page (the address, the history entry, storage, fetch and the document's head); what it preloaded,
 * what it fetched and whether it marked the document.
 */
function openShell(html: string, pathname: string) {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const fetched: [string, Record<string, string>][] = [];
  const preloaded: string[] = [];
  const priorities = new Set<string>();
  const marks: string[] = [];
  const page = {
    window: {} as Record<string, unknown>,
    document: {
      createElement: () => ({}),
      head: {
        appendChild: (link: { rel: string; href: string; fetchPriority?: string }) => {
          if (link.rel !== 'modulepreload') return;
          preloaded.push(link.href);
          priorities.add(link.fetchPriority ?? 'auto');
        },
      },
      documentElement: { classList: { add: (name: string) => marks.push(name) } },
    },
    location: { pathname, search: '' },
    history: { state: null },
    localStorage: { getItem: (key: string) => (key === 'token' ? 't0k3n' : null) },
    fetch: (url: string, init: RequestInit) => {
      fetched.push([url, init.headers as Record<string, string>]);
      return new Promise(() => undefined);
    },
  };
  // A classic script at the top level of the page, these its globals.
  new Function(...Object.keys(page), script)(...Object.values(page));
  return { preloaded, priorities: [...priorities], fetched, marked: marks.includes(NOT_A_STAFF_PAGE) };
}

describe('the staff shell gets its inline script from the build', () => {
  it('before the shell’s own preloads, after the charset', async () => {
    const html = await buildShell(EARLY);
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('charSet'));
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
  });

  it('with every module preload behind the stylesheet (ADR 0076), its own and those the script adds', async () => {
    const html = await buildShell(EARLY);
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads).toEqual(['<link rel="modulepreload" href="/assets/entry.js" fetchpriority="low"/>']);
    expect(openShell(html, '/dashboard').priorities).toEqual(['low']);
  });

  it('which preloads the page’s modules and starts its requests as a browser runs it', async () => {
    const html = await buildShell(EARLY);
    const dashboard = openShell(html, '/dashboard');
    expect(dashboard.preloaded).toEqual(expect.arrayContaining(['/assets/staff-layout.js', '/assets/modal.js', '/assets/dashboard.js']));
    expect(dashboard.preloaded).not.toContain('/assets/phone.js');
    expect(dashboard.fetched).toEqual([
      ['/api/users/me', { Accept: EARLY.accept, Authorization: 'Bearer t0k3n' }],
      ['/api/users/session', { Accept: EARLY.accept, Authorization: 'Bearer t0k3n', 'x-session-activity': 'background' }],
      ['/api/application/stats', { Accept: EARLY.accept, Authorization: 'Bearer t0k3n' }],
    ]);
    expect(openShell(html, '/updateApplicationView/42').preloaded).toEqual(expect.arrayContaining(['/assets/file.js', '/assets/phone.js']));
    const elsewhere = openShell(html, '/login');
    expect([elsewhere.preloaded, elsewhere.fetched, elsewhere.marked]).toEqual([[], [], true]);
  });

  it('and without a list of early requests, preloads only', async () => {
    const dashboard = openShell(await buildShell(), '/dashboard');
    expect(dashboard.preloaded).toContain('/assets/dashboard.js');
    expect(dashboard.fetched).toEqual([]);
  });
});
