import { describe, expect, it } from 'vitest';
import { passwordProblem, shippedListSize } from '../../src/lib/password-policy.js';

describe('the shipped list of common passwords', () => {
  it('holds at least the 100,000 most common passwords', () => {
    expect(shippedListSize()).toBeGreaterThanOrEqual(100_000);
  });

  it('is compared without case and after normalising; passwords it does not hold pass', () => {
    expect(passwordProblem('qwerty123456', 'ann@example.com')).toBe('common');
    expect(passwordProblem('QWERTY123456', 'ann@example.com')).toBe('common');
    // Full-width letters are the same password once normalised.
    expect(passwordProblem('ｑｗｅｒｔｙ123456', 'ann@example.com')).toBe('common');
    expect(passwordProblem('violet kettle on the stairs', 'ann@example.com')).toBeNull();
  });

  it('finds the email name anywhere in the password, ignoring case, once it is 3 characters or more', () => {
    expect(passwordProblem('my name is Rahim.Uddin!', 'rahim.uddin@example.com')).toBe('containsEmailName');
    expect(passwordProblem('xxRAHIMxx-2026-desk', 'Rahim@example.com')).toBe('containsEmailName');
    // A two-letter name would forbid far too much; it is not checked.
    expect(passwordProblem('all about the jo of it', 'jo@example.com')).toBeNull();
  });
});
