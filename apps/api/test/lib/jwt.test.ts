import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../src/lib/jwt.js';

const key = Buffer.alloc(32, 7);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('HS256 tokens', () => {
  it('round-trip their claims until they expire', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const token = signJwt(key, { sub: 'u1', sid: 'f1' }, 900, now);
    expect(verifyJwt(key, token, now + 899_000)).toMatchObject({ sub: 'u1', sid: 'f1', exp: now / 1000 + 900 });
    expect(verifyJwt(key, token, now + 900_000)).toBeNull();
  });

  it('refuse another key, a changed payload, alg none and garbage', () => {
    const token = signJwt(key, { sub: 'u1' }, 900);
    expect(verifyJwt(Buffer.alloc(32, 8), token)).toBeNull();
    const [h, , s] = token.split('.');
    expect(verifyJwt(key, `${h}.${b64({ sub: 'admin', iat: 1, exp: 9e9 })}.${s}`)).toBeNull();
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'u1', iat: 1, exp: 9e9 })}.`;
    expect(verifyJwt(key, none)).toBeNull();
    const hs512Header = b64({ alg: 'HS512', typ: 'JWT' });
    const body = `${hs512Header}.${b64({ sub: 'u1', iat: 1, exp: 9e9 })}`;
    expect(verifyJwt(key, `${body}.${createHmac('sha512', key).update(body).digest('base64url')}`)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', '...', 'not a token at all']) expect(verifyJwt(key, junk)).toBeNull();
  });

  it('refuse the same signature spelt any other way', () => {
    const token = signJwt(key, { sub: 'u1' }, 900);
    expect(verifyJwt(key, token)).not.toBeNull();
    const at = token.lastIndexOf('.') + 1;
    const [body, sig] = [token.slice(0, at), token.slice(at)];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Node decodes every one of these to the same 32 bytes; only the canonical spelling counts.
    // The next character after the last one differs only in the two spare bits it carries.
    const lastSpare = alphabet[alphabet.indexOf(sig.at(-1)!) + 1];
    const respelt = [
      `${sig}=`,
      `${sig}==`,
      `${sig.slice(0, 10)} ${sig.slice(10)}`,
      `${sig.slice(0, 10)}\n${sig.slice(10)}`,
      `${sig}${'='.repeat(10_000)}`,
      `${sig.slice(0, -1)}${lastSpare}`,
      Buffer.from(sig, 'base64url').toString('base64'),
      sig.replaceAll('-', '+').replaceAll('_', '/'),
    ].filter((s) => s !== sig);
    expect(respelt.length).toBeGreaterThanOrEqual(6);
    for (const s of respelt) expect(verifyJwt(key, body + s), JSON.stringify(s.slice(0, 60))).toBeNull();
  });
});
