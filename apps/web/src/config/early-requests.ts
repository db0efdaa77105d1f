import { PAGE_SIZE } from '@visa/shared/constants';

/**
 * The GET requests a staff page makes as it opens, which the shell's inline script starts from the
 * HTML, alongside the page's scripts, rather than after them (ADR 0057). The app's own call to the
 * same address, with the same token, then takes the answer (lib/early-requests.ts); a request
 * listed here that the page no longer makes is only wasted, and a browser test finds it
 * (e2e/staff-early-requests.spec.ts). Addresses are exactly as the app's calls build them.
 */
export interface EarlyRequest {
  url: string;
  /** Sent as the app's own background calls are (ADR 0018): not counted as the person's activity. */
  background?: boolean;
}

/** What every staff page asks first: who is signed in, and the session's limits for the idle warning. */
export const EARLY_ON_EVERY_PAGE: EarlyRequest[] = [{ url: '/api/users/me' }, { url: '/api/users/session', background: true }];

const firstPage = `/api/application/fetchApplication?page=1&limit=${PAGE_SIZE}`;

/**
 * A page's own first data, by React Router route id; started only when the address has no query
 * and the history entry no state of the app's (the application list's search), either of which can
 * change what the page asks for.
 */
export const EARLY_BY_PAGE: Record<string, EarlyRequest[]> = {
  'routes/admin/dashboard': [
    { url: '/api/application/stats' },
    { url: firstPage },
    { url: '/api/application/documentsToReview' },
    { url: '/api/application/messages/failed' },
  ],
  'routes/admin/application-list': [{ url: firstPage }],
  'routes/admin/slide-list': [{ url: '/api/slider/fetchSlider' }],
  'routes/admin/staff-list': [{ url: '/api/users/get_users' }],
  'routes/admin/profile': [{ url: '/api/users/me/second-factor' }],
  'routes/admin/settings': [{ url: '/api/users/sessions' }],
};
