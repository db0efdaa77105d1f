import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key every signature derives from: APP_SECRET when given, otherwise a random key created
 * once in `file` (under DATA_DIR) with owner-only permissions and reused, so restarts keep sessions and URLs valid.
 */
export function loadSecret(file: string, appSecret: string | undefined): string {
  if (appSecret) return appSecret;
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  // Written whole under a temporary name, then linked into place: link fails if another process
  // got there first (then we read theirs), and nobody can ever read a half-written key.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, secret + '\n', { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** A separate key per purpose, so a signature for one use can never be replayed for another. */
export const deriveKey = (secret: string, purpose: string): Buffer => createHmac('sha256', secret).update(`visa-desk:${purpose}`).digest();

const keyedHashers = new Map<string, (value: string) => string>();

/**
 * A keyed hash for `purpose`: the same value always gives the same short text, which names no
 * value without the secret (for counters and audit entries that must correlate inputs without
 * holding them). The key is derived once per secret and purpose, not on every call.
 */
export function keyedHasher(secret: string, purpose: string): (value: string) => string {
  const id = `${purpose}\n${secret}`;
  let hash = keyedHashers.get(id);
  if (!hash) {
    const key = deriveKey(secret, purpose);
    hash = (value: string) => createHmac('sha256', key).update(value).digest('base64url').slice(0, 32);
    keyedHashers.set(id, hash);
  }
  return hash;
}
