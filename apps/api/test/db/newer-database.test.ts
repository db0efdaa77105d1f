import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest, NewerDatabaseError } from '../../src/db/connection.js';
import { migrations } from '../../src/db/migrations/index.js';
import { APP_VERSION } from '../../src/lib/version.js';
import { createPostgresDatabase, engine } from '@visa/test-support/test-app';

// A database a later release migrated: this code refuses to start on it, says so in one line and
// changes nothing, rather than running on tables it does not know.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshDb() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-newer-'));
  const pgDb = engine === 'postgres' ? await createPostgresDatabase() : null;
  const db = createDb(pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'sqlite', file: path.join(scratch, 'visa.sqlite') });
  cleanups.push(async () => {
    await db.destroy();
    await pgDb?.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });
  return db;
}

const appliedNames = async (db: Awaited<ReturnType<typeof freshDb>>) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);

describe('a database migrated by a newer release', () => {
  it('migrates an empty database and then finds nothing to do', async () => {
    const db = await freshDb();
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('refuses with one line naming the newest unknown migration, and changes nothing', async () => {
    const db = await freshDb();
    await migrateToLatest(db);
    const future = '29991231T000000-from-a-later-release';
    await sql`insert into kysely_migration (name, timestamp) values (${future}, ${new Date().toISOString()})`.execute(db);
    const before = await appliedNames(db);

    const error = await migrateToLatest(db).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(NewerDatabaseError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(`version ${APP_VERSION}`);
    expect(message).toContain(future);
    expect(message).toContain('restore the backup taken before the upgrade');
    expect(await appliedNames(db)).toEqual(before);
  });
});
