import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** The cheapest statement that proves the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
