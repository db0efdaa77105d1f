import type { SessionEndReason } from '@visa/shared/session-rules';

/**
 * What one tab of the staff area tells the others (same browser, same origin): the person was
 * active, so nobody should be warned or signed out for being idle; or the session has ended, so
 * every tab goes to the login page with the same reason (ADR 0018).
 */
export type SessionMessage = { type: 'activity'; idleEndsAt: number } | { type: 'ended'; reason: SessionEndReason };

const NAME = 'visa-staff-session';

/** A channel to the other tabs; does nothing where BroadcastChannel is missing. */
export function openSessionChannel(onMessage: (message: SessionMessage) => void) {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(NAME);
  channel.onmessage = (event: MessageEvent<SessionMessage>) => onMessage(event.data);
  return {
    post: (message: SessionMessage) => channel.postMessage(message),
    close: () => channel.close(),
  };
}
