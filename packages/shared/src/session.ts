import { z } from 'zod';

/**
 * Staff sessions end after a stretch without activity and at a fixed time after sign-in,
 * whichever comes first (ADR 0018, docs/product.md#sign-in-and-accounts). The server keeps both
 * limits; the web app only warns before the first and says why a session ended.
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
export const SessionEndReasonSchema = z.enum(['idle', 'expired', 'elsewhere', 'account', 'signed-out']);
export type SessionEndReason = z.infer<typeof SessionEndReasonSchema>;

/** What the web app needs to warn before the idle limit; in the sign-in, refresh and session answers. */
export const SessionInfoSchema = z.object({
  /** The idle limit in minutes. */
  idleMinutes: z.number().int().positive(),
  /** When the session ends whatever happens (the absolute limit). */
  expiresAt: z.string(),
  /** When the session ends unless there is activity before then, as the server has it recorded. */
  idleExpiresAt: z.string(),
  /** The server's time of this answer: the client measures from it, so a wrong clock on the device does not matter. */
  now: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
