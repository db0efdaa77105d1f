import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/connection.js';
import { migrations } from '../../../db/migrations/index.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { appliedMigrations, pingDatabase } from '../../kernel/health/repository.js';
import { probeOutbox } from '../../domain/applicant-notices/outbox-status-repository.js';
import { READY_PARTS } from '@visa/shared/system';

export type ReadyPart = (typeof READY_PARTS)[number];
type PartState = 'ok' | 'error' | 'behind' | 'unknown';

export interface Readiness {
  ok: boolean;
  parts: Record<ReadyPart, PartState>;
  failing: ReadyPart[];
}

/** A probe must answer: a part that hangs (an unreachable bucket, say) fails after this long. */
const PART_TIMEOUT_MS = 3000;

function within<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PART_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Without SMTP, messages are written to a folder: it must be a folder we can write, or creatable. */
async function checkMailFolder(folder: string): Promise<void> {
  try {
    const stat = await fs.stat(folder);
    if (!stat.isDirectory()) throw new Error('the mail folder is not a folder');
    await fs.access(folder, fs.constants.W_OK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await fs.access(path.dirname(folder), fs.constants.W_OK);
  }
}

/**
 * Whether this instance can serve real traffic: the database answers, its migrations are not
 * behind this code, the file store is reachable and writable, and the mail outbox (its table, and
 * its folder when mail is kept on disk) can take a message. Each failure is logged by the caller
 * with the part's name only.
 */
export async function checkReadiness(deps: { db: Db; storage: Storage; mailFolder: string | null }): Promise<{
  readiness: Readiness;
  errors: Partial<Record<ReadyPart, unknown>>;
}> {
  const errors: Partial<Record<ReadyPart, unknown>> = {};
  const attempt = async (part: ReadyPart, check: () => Promise<PartState>): Promise<PartState> => {
    try {
      return await within(check());
    } catch (err) {
      errors[part] = err;
      return 'error';
    }
  };

  const storage = attempt('storage', async () => {
    await deps.storage.check();
    return 'ok';
  });
  const database = await attempt('database', async () => {
    await pingDatabase(deps.db);
    return 'ok';
  });
  const parts: Record<ReadyPart, PartState> = { database, migrations: 'unknown', storage: 'unknown', mail: 'unknown' };
  if (database === 'ok') {
    const migrated = attempt('migrations', async () => {
      const applied = new Set(await appliedMigrations(deps.db));
      return Object.keys(migrations).every((name) => applied.has(name)) ? 'ok' : 'behind';
    });
    [parts.migrations, parts.mail] = await Promise.all([
      migrated,
      attempt('mail', async () => {
        // A database behind this code has the outbox an earlier version made: the migrations part names that.
        if ((await migrated) === 'ok') await probeOutbox(deps.db);
        if (deps.mailFolder) await checkMailFolder(deps.mailFolder);
        return 'ok';
      }),
    ]);
  }
  parts.storage = await storage;
  // A part left unknown (because the database is down) is not named as failing itself.
  const failing = READY_PARTS.filter((p) => parts[p] === 'error' || parts[p] === 'behind');
  return { readiness: { ok: READY_PARTS.every((p) => parts[p] === 'ok'), parts, failing }, errors };
}
