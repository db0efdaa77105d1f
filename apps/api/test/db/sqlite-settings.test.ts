import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/connection.js';

// What the shared SQLite connection runs with: each setting is a promise to someone (a write kept
// through a crash, an erased value gone from the file's free space, a process that stays small).
// It opens a file of its own, so the PostgreSQL run leaves it to the SQLite one (vitest.config.ts).

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-sqlite-settings-'));
const db = createDb({ kind: 'sqlite', file: path.join(scratch, 'visa.sqlite') });
afterAll(async () => {
  await db.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const pragma = async (name: string) => Object.values((await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0]!)[0];

describe('the shared SQLite connection', () => {
  it('writes ahead of a log, syncs at checkpoints, and checks foreign keys', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it('zeroes what it deletes, so no copy of the file carries an erased value in its free space', async () => {
    expect(await pragma('secure_delete')).toBe(1);
  });

  it('keeps a page cache of 4 MB, not the 16 MB a busy server would fill with the whole file', async () => {
    expect(await pragma('cache_size')).toBe(-4000);
  });
});
