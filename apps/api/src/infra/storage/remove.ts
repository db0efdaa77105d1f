import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from './storage.js';

/**
 * Removes stored files, best effort. It runs once the database no longer points at them (or when
 * a request that wrote them failed), so a file that cannot be removed is logged, never turned into
 * a failed request: a leftover file is harmless, its key is random and nothing refers to it.
 */
export async function removeStoredFiles(
  storage: Storage,
  keys: readonly (string | null | undefined)[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const present = keys.filter((key): key is string => Boolean(key));
  const results = await Promise.allSettled(present.map((key) => storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected') log.warn({ err: result.reason as Error, key: present[i] }, 'could not remove a stored file');
  });
}
