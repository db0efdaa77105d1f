import { describe, expect, it } from 'vitest';
import { SESSION } from '@visa/shared/messages';
import { sessionEndMessage } from './session-end';

describe('why the session ended, on the login page', () => {
  it('gives each known reason its fixed sentence', () => {
    expect(sessionEndMessage('idle')).toBe(SESSION.endedIdle);
    expect(sessionEndMessage('expired')).toBe(SESSION.endedExpired);
    expect(sessionEndMessage('elsewhere')).toBe(SESSION.endedElsewhere);
    expect(sessionEndMessage('account')).toBe(SESSION.endedAccount);
    expect(sessionEndMessage('signed-out')).toBe(SESSION.signedOut);
  });

  it.each([null, undefined, '', 'IDLE', 'idle ', 'constructor', '__proto__', 'toString', '<b>Call 555</b>', 'Your account was hacked'])(
    'says nothing for %j',
    (reason) => {
      expect(sessionEndMessage(reason)).toBeNull();
    },
  );
});
