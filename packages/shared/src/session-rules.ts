/**
 * Staff sessions end after a stretch without activity and at a fixed time after sign-in,
 * whichever comes first (ADR 0018, docs/product.md#sign-in-and-accounts). The server keeps both
 * limits; the web app only warns before the first and says why a session ended. These rules are
 * kept apart from the session's schemas (session.ts), so that every staff page's shell, which
 * uses them, starts without loading zod (ADR 0111).
 */
export const SESSION_IDLE_MINUTES_DEFAULT = 30;
export const SESSION_ABSOLUTE_HOURS_DEFAULT = 12;
/** The server writes a session's last activity at most this often, so an idle session may end up to this much early. */
export const SESSION_ACTIVITY_WRITE_SECONDS = 30;
/** How long before the idle limit the staff area asks whether the person is still there. */
export const SESSION_IDLE_WARNING_SECONDS = 60;

/**
 * Sent by the web app on calls it makes by itself (session checks, polling), which must not
 * keep a session alive. It can only make a call count for less, never for more.
 */
export const BACKGROUND_HEADER = 'x-session-activity';
export const BACKGROUND_VALUE = 'background';

/**
 * Why a session ended, in a 401's `reason` and in the login page's `?reason=`: the page shows a
 * fixed sentence per code and nothing for any other value.
 * idle: no activity for the idle limit; expired: the absolute limit passed (or the session's
 * end is unknown); elsewhere: ended from another device or browser (sign out everywhere, a
 * password change, a copied refresh token); account: the account was removed; signed-out: the
 * person signed out in this browser.
 */
export const SESSION_END_REASONS = ['idle', 'expired', 'elsewhere', 'account', 'signed-out'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** Whether a value is one of the reasons above (a 401's `reason` may be anything a proxy put there). */
export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  (SESSION_END_REASONS as readonly unknown[]).includes(value);
