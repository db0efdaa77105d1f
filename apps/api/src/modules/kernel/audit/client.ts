import { keyedHasher } from '../../../lib/secret.js';

/**
 * How the audit log names the client address of a sign-in, a failed one or a wrong current
 * password: a keyed hash, so entries from one address can be told apart and counted together, yet
 * the log holds no address (nor anything that turns back into one without the app's secret).
 */
export const auditedClient = (secret: string, address: string): string => keyedHasher(secret, 'audit-client')(address);
