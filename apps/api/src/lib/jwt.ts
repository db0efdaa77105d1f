import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Minimal HS256 JSON Web Tokens on node:crypto. Every staff request verifies one, and the
 * synchronous HMAC is several times cheaper than a WebCrypto round trip. Only HS256 is accepted:
 * the header must say exactly that, so "alg: none" or key-confusion tricks are refused.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface JwtClaims {
  sub: string;
  iat: number;
  exp: number;
  [claim: string]: unknown;
}

const mac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * The only spelling of an HS256 signature this module writes: 32 bytes, unpadded base64url.
 * Node's decoder skips '=', spaces and other stray characters, so without this one genuine
 * token could be respelled into endless different strings that all verify.
 */
const SIGNATURE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export function signJwt(key: Buffer, claims: Record<string, unknown>, ttlSeconds: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString('base64url');
  const body = `${HEADER}.${payload}`;
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
export function verifyJwt(key: Buffer, token: string, now = Date.now()): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER || !SIGNATURE.test(signature)) return null;
  const expected = mac(key, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const c = claims as Partial<JwtClaims>;
  if (typeof c.sub !== 'string' || typeof c.exp !== 'number' || typeof c.iat !== 'number') return null;
  if (c.exp * 1000 <= now) return null;
  return c as JwtClaims;
}
