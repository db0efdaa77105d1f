import { createHmac } from 'node:crypto';
import { deriveKey } from '../../lib/secret.js';

const keys = new Map<string, Buffer>();

/**
 * How the audit log names the client address of a sign-in, a failed one or a wrong current
 * password: a keyed hash, so entries from one address can be told apart and counted together, yet
 * the log holds no address (nor anything that turns back into one without the app's secret).
 */
export function auditedClient(secret: string, address: string): string {
  let key = keys.get(secret);
  if (!key) {
    key = deriveKey(secret, 'audit-client');
    keys.set(secret, key);
  }
  return createHmac('sha256', key).update(address).digest('base64url').slice(0, 32);
}
