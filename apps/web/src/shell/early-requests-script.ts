import type { Role } from '@visa/shared/constants';
import type { StartedEarly } from '../lib/early-requests';

/**
 * The staff shell's inline script (ADR 0043, ADR 0057). The shell (the SPA fallback, served for
 * every staff address) asks at once for every script of the page it was opened on: its own module
 * preloads cover only the root, and the browser finds each module's imports only once that module
 * has arrived, a chain of round trips on a slow link. So the address is matched against the staff
 * routes and that page's modules are preloaded together. When a token is stored, the page's first
 * GET requests start too, and the app's own calls take their answers (lib/early-requests.ts).
 *
 * The build (scripts/build-steps/preload-staff-routes.mjs) bundles this module through
 * early-requests-entry.ts with the build's data and puts it inline in the shell's head: it runs
 * before any module, so it imports nothing that runs code of its own.
 */

/** A GET started early: its address exactly as the app's call builds it (config/early-requests.ts). */
export interface EarlyStart {
  url: string;
  /** Sent as the app's own background calls are (ADR 0018). */
  background?: boolean;
  /** Started only when the stored token names a super-admin (config/early-requests.ts). */
  superadminOnly?: boolean;
}

export interface ShellScriptData {
  /** The module files some staff page preloads, each once; routes name them by index. */
  files: string[];
  /** Each staff route with a path: the pattern of that path, its files, its page's own early requests. */
  routes: [pattern: string, files: number[], early: EarlyStart[]][];
  /** What every staff page asks first. */
  everyPage: EarlyStart[];
  /** Where the access token is stored (lib/auth-storage.ts). */
  tokenKey: string;
  /** What every call of the app accepts (lib/http.ts). */
  accept: string;
  /** The header and value of a background call. */
  background: [name: string, value: string];
  /** The class the document gets at an address that is no staff page. */
  notAStaffPage: string;
}

/**
 * The answer with its body read as it arrives, taken by the app or not. A fetch whose body nobody
 * reads stays open as long as the page does, and a page can leave its early answers unread: a role
 * it refuses, the new-password screen, an answer too old to use. The app reads the copy instead.
 */
const readAtOnce = (response: Response): Promise<Response> =>
  response.arrayBuffer().then(
    (body) =>
      // The headers as a plain object: given the answer itself, the browser would walk its headers
      // by calling into the script once a header, a call a profiler charges.
      new Response(body.byteLength > 0 ? body : null, {
        status: response.status,
        statusText: response.statusText,
        headers: Object.fromEntries(response.headers),
      }),
  );

/**
 * The role the access token names, read from its payload (base64url JSON) without checking it: it
 * only spares a request the server would refuse, and the server checks every request itself.
 */
function roleOf(token: string): unknown {
  try {
    const payload = token.split('.')[1] ?? '';
    return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown } | null)?.role;
  } catch {
    return undefined;
  }
}

/**
 * Started only with a stored token, sent as the app would send it: the requests of every page, and
 * the page's own when neither the address has a query nor the history entry carries the app's state
 * (React Router keeps it under `usr`): either can change what the page asks for, as the application
 * list's search does; one only super-admins may make, only with a token that names one. Each is
 * kept with what the app matches it by.
 */
function startEarly(data: ShellScriptData, own: EarlyStart[]): void {
  let token: string | null = null;
  try {
    token = localStorage.getItem(data.tokenKey);
  } catch {
    // Storage refused (a privacy setting): the app asks for itself.
  }
  if (!token) return;
  const state = history.state as { usr?: unknown } | null;
  const superadmin = roleOf(token) === ('superadmin' satisfies Role);
  const requests = data.everyPage
    .concat(location.search || state?.usr ? [] : own)
    .filter((request) => superadmin || !request.superadminOnly);
  const authorization = `Bearer ${token}`;
  const [name, value] = data.background;
  const started: StartedEarly[] = (window.__visaEarly = []);
  for (const { url, background } of requests) {
    const headers: Record<string, string> = { Accept: data.accept, Authorization: authorization };
    if (background) headers[name] = value;
    const response = fetch(url, { headers, credentials: 'same-origin' }).then(readAtOnce);
    // One the app never takes must not be reported as a failure; one it takes fails there.
    response.catch(() => undefined);
    started.push({ url, headers: { Authorization: authorization, [name]: background ? value : null }, at: Date.now(), response });
  }
}

/**
 * At a staff page's address: its early requests, then its modules' preloads. Anywhere else (a
 * mistyped address, before the app sends it on) the document is marked, and the shell's frame
 * shows only its "Loading…", not a staff menu and header for a moment.
 */
export function startStaffShell(data: ShellScriptData): void {
  const path = location.pathname;
  for (const [pattern, files, early] of data.routes) {
    if (!new RegExp(pattern).test(path)) continue;
    startEarly(data, early);
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      // Behind the stylesheet, as the shell's own preloads (ADR 0076): the first paint needs no script.
      link.fetchPriority = 'low';
      link.href = data.files[file]!;
      document.head.appendChild(link);
    }
    return;
  }
  document.documentElement.classList.add(data.notAStaffPage);
}
