import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MINUTES } from '@visa/shared/constants';
import { createAccessTokens } from '../../src/modules/domain/auth/access-tokens.js';

const SECRET = 'a'.repeat(64);
const user = { id: '0123456789abcdef01234567', role: 'admin' as const };

describe('access tokens, remembered once verified', () => {
  it('answers a token again after it verified, and refuses it from its expiry on', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(user, 'family-1');
    const issued = Date.now();
    expect(tokens.verify(token, issued)).toEqual({ userId: user.id, sessionFamily: 'family-1' });
    expect(tokens.verify(token, issued + 60_000)).toEqual({ userId: user.id, sessionFamily: 'family-1' });
    const expired = issued + ACCESS_TOKEN_MINUTES * 60_000 + 1_000;
    expect(tokens.verify(token, expired)).toBeNull();
    expect(tokens.verify(token, expired + 1)).toBeNull();
  });

  it('refuses a remembered token changed by one character, and a token of another secret', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(user, 'family-1');
    expect(tokens.verify(token)).not.toBeNull();
    // The signature's first character carries six bits of it (the last one's low bits are padding).
    const at = token.lastIndexOf('.') + 1;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(changed).not.toBe(token);
    expect(tokens.verify(changed)).toBeNull();
    const elsewhere = await createAccessTokens('b'.repeat(64)).sign(user, 'family-1');
    expect(tokens.verify(elsewhere)).toBeNull();
  });

  it('keeps what it answers from being changed by a caller', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(user, 'family-1');
    const first = tokens.verify(token)!;
    expect(() => Object.assign(first, { userId: 'someone-else' })).toThrow();
    expect(tokens.verify(token)).toEqual({ userId: user.id, sessionFamily: 'family-1' });
  });

  it('remembers a token only as it was signed, never a respelling of it', async () => {
    const tokens = createAccessTokens(SECRET);
    const token = await tokens.sign(user, 'family-1');
    expect(tokens.verify(token)).not.toBeNull();
    for (const respelt of [`${token}=`, `${token}${'='.repeat(4_000)}`, `${token.slice(0, -5)} ${token.slice(-5)}`]) {
      expect(tokens.verify(respelt)).toBeNull();
      expect(tokens.verify(respelt)).toBeNull();
    }
  });
});
