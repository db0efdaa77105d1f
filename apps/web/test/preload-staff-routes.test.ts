import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_A_STAFF_PAGE, preloadStaffRoutes } from '../scripts/build-steps/preload-staff-routes.mjs';

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

/** The shell as the build leaves it, with the step applied, then run at `pathname` in this document. */
function runShellAt(pathname: string, early?: typeof EARLY, historyState: unknown = null) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'assets/manifest-test.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  fs.writeFileSync(
    path.join(dir, '__spa-fallback.html'),
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.js"/></head><body></body></html>',
  );
  preloadStaffRoutes(dir, early);
  const html = fs.readFileSync(path.join(dir, '__spa-fallback.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  document.head.innerHTML = '';
  document.documentElement.className = '';
  window.history.replaceState(historyState, '', pathname);
  // The inline script as the browser runs it: a classic script at the top level of the page.
  const run = new Function(script);
  run();
  return { html, preloaded: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')) };
}

describe('the staff shell preloads the scripts of the page it is opened on', () => {
  it('puts its script before the shell’s own preloads', () => {
    const { html } = runShellAt('/dashboard');
    expect(html.indexOf('<script>')).toBeGreaterThan(html.indexOf('charSet'));
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
  });

  it('preloads the staff layout and the page’s own modules', () => {
    expect(runShellAt('/dashboard').preloaded).toEqual(
      expect.arrayContaining(['/assets/staff-layout.js', '/assets/modal.js', '/assets/dashboard.js']),
    );
    expect(runShellAt('/dashboard').preloaded).not.toContain('/assets/phone.js');
  });

  it('matches a path with a parameter', () => {
    expect(runShellAt('/updateApplicationView/42').preloaded).toEqual(expect.arrayContaining(['/assets/file.js', '/assets/phone.js']));
  });

  it('preloads nothing on an address that is not a staff page, and marks the document so the frame hides', () => {
    expect(runShellAt('/login').preloaded).toEqual([]);
    expect(runShellAt('/nowhere').preloaded).toEqual([]);
    expect(document.documentElement.classList.contains(NOT_A_STAFF_PAGE)).toBe(true);
    runShellAt('/dashboard');
    expect(document.documentElement.classList.contains(NOT_A_STAFF_PAGE)).toBe(false);
  });
});

describe('with a token stored, the staff shell starts the page’s first requests', () => {
  const fetches = () => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.reject(new Error('offline')));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete window.__visaEarly;
  });

  it('those of every page and the page’s own, with the token, the background flag where the app sends it, and nothing else', () => {
    const fetch = fetches();
    localStorage.setItem('token', 't0k3n');
    runShellAt('/dashboard', EARLY);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/users/me', '/api/users/session', '/api/application/stats']);
    const headersOf = (i: number) => fetch.mock.calls[i]?.[1]?.headers as Record<string, string>;
    expect(headersOf(0)).toEqual({ Accept: 'application/json, text/plain, */*', Authorization: 'Bearer t0k3n' });
    expect(headersOf(1)).toMatchObject({ Authorization: 'Bearer t0k3n', 'x-session-activity': 'background' });
    expect(fetch.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
    expect(window.__visaEarly?.map((e) => [e.url, e.headers])).toEqual([
      ['/api/users/me', { Authorization: 'Bearer t0k3n', 'x-session-activity': null }],
      ['/api/users/session', { Authorization: 'Bearer t0k3n', 'x-session-activity': 'background' }],
      ['/api/application/stats', { Authorization: 'Bearer t0k3n', 'x-session-activity': null }],
    ]);
  });

  it('only those of every page when the address has a query', () => {
    const fetch = fetches();
    localStorage.setItem('token', 't0k3n');
    runShellAt('/dashboard?status=pending', EARLY);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/users/me', '/api/users/session']);
  });

  it('only those of every page when the history entry carries the app’s state (a search kept there)', () => {
    const fetch = fetches();
    localStorage.setItem('token', 't0k3n');
    runShellAt('/dashboard', EARLY, { usr: { search: 'rahm' }, key: 'k1', idx: 1 });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/users/me', '/api/users/session']);
    // An entry of React Router’s without the app’s state still starts the page's.
    fetch.mockClear();
    runShellAt('/dashboard', EARLY, { usr: null, key: 'k2', idx: 2 });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/users/me', '/api/users/session', '/api/application/stats']);
  });

  it('none without a token, nor on a page that is not a staff page', () => {
    const fetch = fetches();
    runShellAt('/dashboard', EARLY);
    localStorage.setItem('token', 't0k3n');
    runShellAt('/login', EARLY);
    runShellAt('/nowhere', EARLY);
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__visaEarly).toBeUndefined();
  });
});
