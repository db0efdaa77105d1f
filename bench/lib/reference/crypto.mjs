// The product's secrets at work in the reference: access tokens checked (and remembered) as the
// product checks them, signed file URLs, and the keyed hashes of the status check's audit rows.
import { createHmac } from 'node:crypto';
import { deriveKey, secret, verifyJwt } from './product.mjs';

const b64 = (key) => key.toString('base64url');
const accessKey = deriveKey(secret, 'access-token');

const verifiedTokens = new Map();

/** The product's token check, remembering a token that verified until its expiry as the product does. */
export function verifyToken(header) {
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  const known = verifiedTokens.get(token);
  if (known && known.expiresAtMs > Date.now()) return known.claims;
  if (known) verifiedTokens.delete(token);
  const checked = checkToken(token);
  if (!checked) return null;
  const claims = { userId: checked.userId, familyId: checked.familyId };
  if (verifiedTokens.size >= 10_000) verifiedTokens.clear();
  verifiedTokens.set(token, { claims, expiresAtMs: checked.exp * 1000 });
  return claims;
}

/** The product's own JWT check (plain node:crypto, no framework), and the claims the access check needs. */
function checkToken(token) {
  const claims = verifyJwt(accessKey, token);
  if (!claims || typeof claims.sid !== 'string') return null;
  return { userId: claims.sub, familyId: claims.sid, exp: claims.exp };
}

const fileKey = deriveKey(secret, 'file-url');
const recentUrls = new Map();
/** The product's signed file URL, remembered within its expiry minute as the product does. */
export function sign(key) {
  const exp = Math.ceil((Date.now() / 1000 + 15 * 60) / 60) * 60;
  const cacheKey = `${exp}\n${key}`;
  let url = recentUrls.get(cacheKey);
  if (!url) {
    url = `/files/${key}?exp=${exp}&sig=${b64(createHmac('sha256', fileKey).update(`${key}\n${exp}`).digest())}`;
    if (recentUrls.size >= 10_000) recentUrls.clear();
    recentUrls.set(cacheKey, url);
  }
  return url;
}

const enquiryKey = deriveKey(secret, 'enquiry-audit');
export const hash = (value) => createHmac('sha256', enquiryKey).update(value).digest('base64url').slice(0, 32);
