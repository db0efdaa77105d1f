import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../db/connection.js';
import { migrations } from '../../../db/migrations/index.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { appliedMigrations, pingDatabase } from '../../kernel/health/repository.js';
import { hasLateMessage, probeOutbox } from '../../domain/applicant-notices/outbox-status-repository.js';
import { outageOf } from '../../../lib/outage.js';
import { READY_PARTS, type READY_STATES } from '@visa/shared/system';

export type ReadyPart = (typeof READY_PARTS)[number];
type PartState = (typeof READY_STATES)[number];

export interface Readiness {
  /** Every part this instance needs to serve is there; `lagging` parts may still need attention. */
  ok: boolean;
  parts: Record<ReadyPart, PartState>;
  failing: ReadyPart[];
  lagging: ReadyPart[];
}

export interface ReadinessDeps {
  db: Db;
  storage: Storage;
  mailFolder: string | null;
  /** DATA_DIR: its disk is checked for room. */
  dataDir: string;
  /** Under this many bytes free, the disk is `low`. */
  minFreeBytes: number;
  /** A queue with a message due or failing for longer than this is `behind`. */
  lateAfterMs: number;
  now: Date;
}

/** The parts this instance needs to serve, and their states that make the probe 503; the rest is only reported. */
const NEEDED: readonly ReadyPart[] = ['database', 'migrations', 'storage', 'disk', 'mail'];
const FAILING_STATES: readonly PartState[] = ['error', 'behind', 'full'];

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

/** Bytes written to prove the disk takes a write: enough that a full disk refuses it. */
const DISK_PROBE_BYTES = 64 * 1024;

/**
 * DATA_DIR's disk: `full` when it refuses a small write (the database, when it is SQLite, and
 * uploads under way live there), `low` under the threshold, else `ok`. statfs counts the space an
 * unprivileged process may use, as the server runs.
 */
async function checkDisk(dataDir: string, minFreeBytes: number): Promise<PartState> {
  const probe = path.join(dataDir, `.ready-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await fs.writeFile(probe, Buffer.alloc(DISK_PROBE_BYTES));
  } catch (err) {
    if (outageOf(err) === 'full') return 'full';
    throw err;
  } finally {
    await fs.rm(probe, { force: true });
  }
  const s = await fs.statfs(dataDir);
  return s.bavail * s.bsize < minFreeBytes ? 'low' : 'ok';
}

/**
 * Whether this instance can serve real traffic: the database answers, its migrations are not
 * behind this code, the file store is reachable and writable, DATA_DIR's disk takes a write, and
 * the mail outbox (its table, and its folder when mail is kept on disk) can take a message. Beside
 * those, what needs attention without turning traffic away: the disk getting low, a queue of
 * emails or text messages not draining (its service away). Each failure is logged by the caller
 * with the part's name only.
 */
export async function checkReadiness(deps: ReadinessDeps): Promise<{
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
  const disk = attempt('disk', () => checkDisk(deps.dataDir, deps.minFreeBytes));
  const database = await attempt('database', async () => {
    await pingDatabase(deps.db);
    return 'ok';
  });
  const parts: Record<ReadyPart, PartState> = {
    database,
    migrations: 'unknown',
    storage: 'unknown',
    disk: 'unknown',
    mail: 'unknown',
    mailQueue: 'unknown',
    textQueue: 'unknown',
  };
  if (database === 'ok') {
    const migrated = attempt('migrations', async () => {
      const applied = new Set(await appliedMigrations(deps.db));
      return Object.keys(migrations).every((name) => applied.has(name)) ? 'ok' : 'behind';
    });
    const since = new Date(deps.now.getTime() - deps.lateAfterMs);
    // A database behind this code has the outbox an earlier version made: the migrations part names that.
    const queue = (channels: readonly ('email' | 'sms' | 'whatsapp')[]) => async (): Promise<PartState> =>
      (await migrated) !== 'ok' ? 'unknown' : (await hasLateMessage(deps.db, channels, since)) ? 'behind' : 'ok';
    [parts.migrations, parts.mail, parts.mailQueue, parts.textQueue] = await Promise.all([
      migrated,
      attempt('mail', async () => {
        if ((await migrated) === 'ok') await probeOutbox(deps.db);
        if (deps.mailFolder) await checkMailFolder(deps.mailFolder);
        return 'ok';
      }),
      attempt('mailQueue', queue(['email'])),
      attempt('textQueue', queue(['sms', 'whatsapp'])),
    ]);
  }
  parts.storage = await storage;
  parts.disk = await disk;
  // A part left unknown (because the database is down) is not named as failing itself.
  const failing = READY_PARTS.filter((p) => NEEDED.includes(p) && FAILING_STATES.includes(parts[p]));
  const lagging = READY_PARTS.filter((p) => !failing.includes(p) && (parts[p] === 'low' || parts[p] === 'behind' || parts[p] === 'error'));
  return {
    readiness: { ok: failing.length === 0 && NEEDED.every((p) => parts[p] === 'ok' || parts[p] === 'low'), parts, failing, lagging },
    errors,
  };
}
