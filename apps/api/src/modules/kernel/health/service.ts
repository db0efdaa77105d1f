import type { Db } from '../../../db/connection.js';
import { pingDatabase } from './repository.js';

/** The liveness probe's one check: throws when the database does not answer. */
export async function checkDatabase(db: Db): Promise<void> {
  await pingDatabase(db);
}
