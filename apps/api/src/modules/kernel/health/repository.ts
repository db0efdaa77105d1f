import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';

/** The cheapest statement that proves the database answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names of the migrations this database has run (Kysely's own table, absent before the first run). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((r) => r.name);
  } catch (err) {
    const text = String((err as Error).message);
    if (text.includes('no such table') || text.includes('does not exist')) return [];
    throw err;
  }
}
