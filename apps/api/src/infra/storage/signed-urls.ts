import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/secret.js';

/** Private files are reachable only through these short-lived HMAC-signed URLs (docs/product.md#api-other). */
const SIGNED_URL_TTL_S = 15 * 60;

export interface UrlSigner {
  sign(key: string, ttlS?: number, now?: number): string;
  verify(key: string, exp: string | undefined, sig: string | undefined, now?: number): boolean;
}

/**
 * `maxTtlS` is LINK_MAX_DAYS in seconds (ADR 0065): a caller asking for a longer life gets the
 * bound, so a signed URL is held to the same maximum as every other bearer link.
 */
export function createUrlSigner(secret: string, maxTtlS: number): UrlSigner {
  const hmacKey = deriveKey(secret, 'file-url');
  const mac = (key: string, exp: number) => createHmac('sha256', hmacKey).update(`${key}\n${exp}`).digest('base64url');
  // A list page signs two URLs per row; within one expiry minute the URL for a key is the same,
  // so it is remembered rather than recomputed (bounded: cleared when it grows large).
  const recent = new Map<string, string>();
  return {
    sign(key, ttlS = SIGNED_URL_TTL_S, now = Date.now()) {
      // Rounded up to the minute so that URLs are stable for a while and browsers can cache them.
      const exp = Math.ceil((now / 1000 + Math.min(ttlS, maxTtlS)) / 60) * 60;
      const cacheKey = `${exp}\n${key}`;
      let url = recent.get(cacheKey);
      if (!url) {
        url = `/files/${key}?exp=${exp}&sig=${mac(key, exp)}`;
        if (recent.size >= 10_000) recent.clear();
        recent.set(cacheKey, url);
      }
      return url;
    },
    verify(key, exp, sig, now = Date.now()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expS = Number(exp);
      if (expS * 1000 < now) return false;
      const expected = Buffer.from(mac(key, expS));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
