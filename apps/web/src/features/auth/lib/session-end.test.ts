import { describe, expect, it } from 'vitest';
import { SESSION } from '@visa/shared/ui-texts';
import { sessionEndText } from './session-end';

describe('why the session ended, on the login page', () => {
  it('gives each known reason its fixed sentence', () => {
    expect(sessionEndText('idle')).toBe(SESSION.endedIdle);
    expect(sessionEndText('expired')).toBe(SESSION.endedExpired);
    expect(sessionEndText('elsewhere')).toBe(SESSION.endedElsewhere);
    expect(sessionEndText('account')).toBe(SESSION.endedAccount);
    expect(sessionEndText('signed-out')).toBe(SESSION.signedOut);
  });

  it.each([null, undefined, '', 'IDLE', 'idle ', 'constructor', '__proto__', 'toString', '<b>Call 555</b>', 'Your account was hacked'])(
    'says nothing for %j',
    (reason) => {
      expect(sessionEndText(reason)).toBeNull();
    },
  );
});
