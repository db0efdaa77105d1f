import { API_PATHS, type ApiKey, apiUrl } from '@visa/shared/api-paths';
import { PAGE_SIZE } from '@visa/shared/constants';
import { requestUrl } from '../lib/http';
import type { EarlyStart } from '../shell/early-requests-script';

/**
 * The GET requests a staff page makes as it opens, which the shell's inline script starts from the
 * HTML, alongside the page's scripts, rather than after them (ADR 0057). Each names its route in the
 * route table (ADR 0061) and the query the page sends; the app's own call to the same address, with
 * the same token, then takes the answer (lib/early-requests.ts). A request listed here that the page
 * no longer makes is only wasted, and a browser test finds it (e2e/staff-early-requests.spec.ts).
 */

/** The routes a page can start early: GETs whose address has nothing to fill in. */
type EarlyRoute = {
  [K in ApiKey]: (typeof API_PATHS)[K] extends { method: 'GET'; path: infer P } ? (P extends `${string}:${string}` ? never : K) : never;
}[ApiKey];

export interface EarlyRequest {
  route: EarlyRoute;
  /** The query as the page's call sends it, in its order. */
  query?: Record<string, string | number>;
  /** Sent as the app's own background calls are (ADR 0018): not counted as the person's activity. */
  background?: boolean;
}

/** The address the app's call builds for the request: its route's path and query, as lib/http.ts writes them. */
export const earlyUrl = (request: EarlyRequest): string => requestUrl({ url: apiUrl(request.route), params: request.query });

/**
 * What the shell's script is given for the request (the build writes it into the script's data). A
 * route the table opens to super-admins only is started only for a token that names that role: the
 * page asks for it only then, and a sub-admin's early request would only be refused.
 */
export const earlyStart = (request: EarlyRequest): EarlyStart => ({
  url: earlyUrl(request),
  ...(request.background ? { background: true } : {}),
  ...(API_PATHS[request.route].access === 'superadmin' ? { superadminOnly: true } : {}),
});

/**
 * What every staff page asks first: who is signed in, the session's limits for the idle warning, and
 * the frame's count of documents to review (its badge, ADR 0069), which it asks as soon as the
 * account is known; started here, it is not a round trip after the first render.
 */
export const EARLY_ON_EVERY_PAGE: EarlyRequest[] = [
  { route: 'getMe' },
  { route: 'getSession', background: true },
  { route: 'countDocumentsToReview' },
];

const firstPage: EarlyRequest = { route: 'listApplications', query: { page: 1, limit: PAGE_SIZE } };

/**
 * A page's own first data, by React Router route id; started only when the address has no query
 * and the history entry no state of the app's (the application list's search), either of which can
 * change what the page asks for.
 */
export const EARLY_BY_PAGE: Record<string, EarlyRequest[]> = {
  'routes/admin/dashboard': [
    { route: 'getStats' },
    firstPage,
    { route: 'countFailedTextMessages' },
    { route: 'getMyWork', query: { who: 'me' } },
    // A super-admin's own two: the money tile, the largest thing the page first shows, and the line
    // of system warnings. Started after the page's first effects, they were a round trip late.
    { route: 'getMoneyTile' },
    { route: 'getSystemStatus', background: true },
  ],
  'routes/admin/application-list': [firstPage, { route: 'getCaseSettings' }],
  'routes/admin/slide-list': [{ route: 'listSlides' }],
  'routes/admin/staff-list': [{ route: 'listStaffAccounts' }],
  'routes/admin/profile': [{ route: 'getSecondFactor' }, { route: 'getCalendarFeed' }],
  'routes/admin/settings': [{ route: 'listSessions' }],
};
