import type { Db } from '../../../db/connection.js';
import { listApplicationStorageKeys } from '../applications/repository.js';
import { receivedStorageKeys } from '../document-requests/repository.js';
import { listSlideStorageKeys } from '../slides/repository.js';

/**
 * Every storage key a row points at: application photos and thumbnails, document files, and each
 * stored variant of a slide image. A stored file outside this set belongs to no row. The
 * applications and slides repositories read their own tables.
 */
export async function referencedStorageKeys(db: Db): Promise<Set<string>> {
  return new Set([...(await listApplicationStorageKeys(db)), ...(await listSlideStorageKeys(db)), ...(await receivedStorageKeys(db))]);
}
