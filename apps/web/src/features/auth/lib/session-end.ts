import { SESSION } from '@visa/shared/ui-texts';
import type { SessionEndReason } from '@visa/shared/session-rules';

const TEXTS: Record<SessionEndReason, string> = {
  idle: SESSION.endedIdle,
  expired: SESSION.endedExpired,
  elsewhere: SESSION.endedElsewhere,
  account: SESSION.endedAccount,
  'signed-out': SESSION.signedOut,
};

/**
 * What the login page says for the `?reason=` it was sent with: one fixed sentence per known code,
 * nothing for anything else, so the address cannot be used to put words on the page.
 */
export function sessionEndText(reason: string | null | undefined): string | null {
  // A plain own-key look-up, not the shared zod enum: the sign-in page has no zod (ADR 0050).
  return reason != null && Object.hasOwn(TEXTS, reason) ? TEXTS[reason as SessionEndReason] : null;
}

/** The login page, saying why the session ended. */
export const loginPathFor = (loginPath: string, reason: SessionEndReason) => `${loginPath}?reason=${reason}`;
