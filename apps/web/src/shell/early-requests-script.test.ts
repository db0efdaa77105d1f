import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE } from '@visa/shared/constants';
import { BACKGROUND_HEADER, BACKGROUND_VALUE } from '@visa/shared/session-rules';
import { EARLY_BY_PAGE, EARLY_ON_EVERY_PAGE, type EarlyRequest, earlyStart } from '../config/early-requests';
import { TOKEN_KEY } from '../lib/auth-storage';
import { ACCEPT } from '../lib/http';
import { type ShellScriptData, startStaffShell } from './early-requests-script';

/**
 * The staff shell's inline script, as src/shell/early-requests-entry.ts runs it with the build's
 * data: the data here is made as the build makes it, from the app's own list of early requests.
 */

const started = (requests: EarlyRequest[]) => requests.map(earlyStart);

/** An access token as the server signs it (header, payload, signature, each base64url) naming `role`. */
const tokenOf = (role: string) =>
  [
    { alg: 'HS256', typ: 'JWT' },
    { sub: '0123456789abcdef01234567', role, sid: 'f4m1ly' },
  ]
    .map((part) => btoa(JSON.stringify(part)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .concat('c2lnbmF0dXJl')
    .join('.');

/** The staff routes by id with the pattern of their path, as the build reads them from React Router's manifest. */
const ROUTES: [id: string, pattern: string, files: string[]][] = [
  ['routes/admin/dashboard', '^/dashboard/?$', ['/assets/dashboard.js', '/assets/staff.js']],
  ['routes/admin/application-list', '^/application/?$', ['/assets/application-list.js', '/assets/staff.js']],
  ['application-file-by-id', '^/updateApplicationView/[^/]+/?$', ['/assets/application-file.js', '/assets/phone.js']],
];

const files = [...new Set(ROUTES.flatMap(([, , f]) => f))];
const DATA: ShellScriptData = {
  files,
  routes: ROUTES.map(([id, pattern, f]) => [pattern, f.map((file) => files.indexOf(file)), started(EARLY_BY_PAGE[id] ?? [])]),
  everyPage: started(EARLY_ON_EVERY_PAGE),
  tokenKey: TOKEN_KEY,
  accept: ACCEPT,
  background: [BACKGROUND_HEADER, BACKGROUND_VALUE],
  notAStaffPage: 'not-a-staff-page',
};

/** The script run at `address` with `state` as the history entry's, as the browser runs it on a full load. */
function openAt(address: string, state: unknown = null) {
  document.head.innerHTML = '';
  document.documentElement.className = '';
  window.history.replaceState(state, '', address);
  startStaffShell(DATA);
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
}

const fetch = vi.fn((_url: string, _init?: RequestInit): Promise<Response> => Promise.reject(new Error('offline')));
const urls = () => fetch.mock.calls.map(([url]) => url);
const headersOf = (url: string) => fetch.mock.calls.find(([u]) => u === url)?.[1]?.headers as Record<string, string>;

beforeEach(() => {
  fetch.mockClear();
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.__visaEarly;
});

/** What the dashboard starts for a token that names no super-admin. */
const SUBADMIN_DASHBOARD = [
  '/api/users/me',
  '/api/users/session',
  '/api/application/documentsToReview',
  '/api/application/stats',
  `/api/application/fetchApplication?page=1&limit=${PAGE_SIZE}`,
  '/api/application/messages/failed',
  '/api/application/work?who=me',
];

describe('the staff shell script, at a staff page', () => {
  it("preloads the page's modules", () => {
    expect(openAt('/dashboard')).toEqual(['/assets/dashboard.js', '/assets/staff.js']);
    expect(openAt('/updateApplicationView/0123456789abcdef01234567')).toEqual(['/assets/application-file.js', '/assets/phone.js']);
  });

  it('starts exactly the requests of every page and of the dashboard, each with the token, background only where the app sends it', () => {
    localStorage.setItem(TOKEN_KEY, 't0k3n');
    openAt('/dashboard');
    expect(urls()).toEqual(SUBADMIN_DASHBOARD);
    expect(headersOf('/api/users/me')).toEqual({ Accept: ACCEPT, Authorization: 'Bearer t0k3n' });
    expect(headersOf('/api/users/session')).toEqual({
      Accept: ACCEPT,
      Authorization: 'Bearer t0k3n',
      [BACKGROUND_HEADER]: BACKGROUND_VALUE,
    });
    expect(fetch.mock.calls.every(([, init]) => init?.credentials === 'same-origin')).toBe(true);
    // Kept with what the app's call matches it by (lib/early-requests.ts).
    expect(window.__visaEarly?.map((e) => [e.url, e.headers])).toEqual(
      urls().map((url) => [
        url,
        { Authorization: 'Bearer t0k3n', [BACKGROUND_HEADER]: url === '/api/users/session' ? BACKGROUND_VALUE : null },
      ]),
    );
  });

  it("starts a super-admin's own requests only for a token that names a super-admin", () => {
    localStorage.setItem(TOKEN_KEY, tokenOf('superadmin'));
    openAt('/dashboard');
    expect(urls()).toEqual([...SUBADMIN_DASHBOARD, '/api/application/money-reports/tile', '/api/users/settings/system']);
    expect(headersOf('/api/users/settings/system')[BACKGROUND_HEADER]).toBe(BACKGROUND_VALUE);
    expect(headersOf('/api/application/money-reports/tile')[BACKGROUND_HEADER]).toBeUndefined();
    for (const token of [tokenOf('admin'), tokenOf('SUPERADMIN'), 'not.a-token.at-all', 'only-one-part', `x.${btoa('null')}.y`]) {
      fetch.mockClear();
      localStorage.setItem(TOKEN_KEY, token);
      openAt('/dashboard');
      expect(urls(), token).toEqual(SUBADMIN_DASHBOARD);
    }
  });

  it("starts only the requests of every page when the history entry carries the app's state, or the address a query", () => {
    localStorage.setItem(TOKEN_KEY, 't0k3n');
    const everyPage = ['/api/users/me', '/api/users/session', '/api/application/documentsToReview'];
    openAt('/application', { usr: { search: 'rahm' }, key: 'k1', idx: 1 });
    expect(urls()).toEqual(everyPage);
    fetch.mockClear();
    openAt('/application?status=pending');
    expect(urls()).toEqual(everyPage);
    // A history entry of React Router's without the app's state still starts the page's own.
    fetch.mockClear();
    openAt('/application', { usr: null, key: 'k2', idx: 2 });
    expect(urls()).toEqual([...everyPage, `/api/application/fetchApplication?page=1&limit=${PAGE_SIZE}`, '/api/users/settings/case']);
  });

  it('reads each answer as it arrives, so one the page never asks for does not stay open, and hands on the same answer', async () => {
    localStorage.setItem(TOKEN_KEY, 't0k3n');
    const answers: Response[] = [];
    fetch.mockImplementation((url: string) => {
      const answer =
        url === '/api/users/session'
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ message: 'You do not have permission to do this.' }), {
              status: 403,
              statusText: 'Forbidden',
              headers: { 'content-type': 'application/json; charset=utf-8' },
            });
      answers.push(answer);
      return Promise.resolve(answer);
    });
    openAt('/dashboard');
    const taken = await Promise.all((window.__visaEarly ?? []).map((e) => e.response));
    expect(answers.every((a) => a.body === null || a.bodyUsed)).toBe(true);
    expect(answers.filter((a) => a.bodyUsed)).toHaveLength(answers.length - 1);
    const me = taken[0]!;
    expect([me.status, me.statusText, me.headers.get('content-type')]).toEqual([403, 'Forbidden', 'application/json; charset=utf-8']);
    expect(await me.json()).toEqual({ message: 'You do not have permission to do this.' });
    expect([taken[1]!.status, taken[1]!.body]).toEqual([204, null]);
  });

  it('starts none without a stored token', () => {
    expect(openAt('/dashboard')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__visaEarly).toBeUndefined();
  });
});

describe('the staff shell script, at an address that is no staff page', () => {
  it('preloads and starts nothing, and marks the document so that the frame hides', () => {
    localStorage.setItem(TOKEN_KEY, 't0k3n');
    expect(openAt('/nowhere')).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
    expect(document.documentElement.classList.contains('not-a-staff-page')).toBe(true);
    openAt('/dashboard');
    expect(document.documentElement.classList.contains('not-a-staff-page')).toBe(false);
  });
});
