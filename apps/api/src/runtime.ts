import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Config } from './config.js';
import { createDb, migrateToLatest } from './db/connection.js';
import { dataDirLayout } from './infra/data-dir.js';
import { loadSecret } from './lib/secret.js';
import { createStorage } from './infra/storage/create.js';
import { settleInterruptedRestore } from './modules/operations/backups/backup-restore.js';

/** The built SPA next to this package, unless WEB_DIST points elsewhere. */
export function defaultWebRoot(config: Config): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.resolve(here, '../../web/build/client');
  return fs.existsSync(root) ? root : null;
}

/** Opens what the app needs (database migrated, secret, storage). Shared by server.ts and the CLIs. */
export async function openRuntime(config: Config) {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // Before the database opens: a restore a crash interrupted is finished or undone (ADR 0066).
  await settleInterruptedRestore(config.dataDir);
  const db = createDb(config.database);
  const applied = await migrateToLatest(db);
  const secret = loadSecret(dataDirLayout(config.dataDir).secretKey, config.APP_SECRET);
  const storage = await createStorage(config);
  return { db, secret, storage, applied };
}

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives back the memory start-up used and no longer needs, once the process is listening. Loading
 * the modules and declaring the routes fill V8's young generation to its limit, and V8 returns it
 * only when its memory reducer runs in an idle process, minutes later: until then every server
 * process carries it. One collection of the kind V8 makes when memory runs short (it compacts the
 * old generation, shrinks the young one and returns the pages it keeps pooled) gives it back at
 * once. Node offers that collection only through `gc`, which exists in contexts made while
 * `--expose-gc` is on: the flag is set just long enough to make one, so the app's own global gains
 * nothing. Node 20's V8 takes no such options and does nothing here (a plain full collection there
 * keeps the young generation as it is).
 */
export function releaseStartUpMemory(): void {
  let gc = (globalThis as { gc?: Gc }).gc;
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    try {
      gc = vm.runInNewContext('gc') as Gc;
    } finally {
      v8.setFlagsFromString('--no-expose-gc');
    }
  }
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Below this share of one core over a watch interval the process counts as quiet. */
const QUIET_SHARE = 0.02;
/** CPU time (µs) a busy spell must have used before a quiet interval is worth a collection. */
const WORTH_RELEASING_US = 2_000_000;

interface QuietWatch {
  intervalMs?: number;
  cpuMicros?: () => number;
  release?: () => void;
}

/**
 * After a busy spell, gives memory back once the process goes quiet. Under load V8's young
 * generation and the pages of its old one grow, and V8's own memory reducer returns them only
 * minutes into an idle spell; an office's server is busy in bursts (the morning's files, an
 * export) and idle between them. The watch reads the process's CPU time every interval, so the
 * requests themselves pay nothing: once an interval uses under 2 % of a core after at least two
 * CPU seconds of work since the last release, it makes the same collection as start-up does
 * (a few tens of milliseconds, when nothing is waiting), once per quiet spell.
 */
export function releaseMemoryWhenQuiet(watch: QuietWatch = {}): () => void {
  const intervalMs = watch.intervalMs ?? 15_000;
  const cpuMicros =
    watch.cpuMicros ??
    (() => {
      const used = process.cpuUsage();
      return used.user + used.system;
    });
  const release = watch.release ?? releaseStartUpMemory;
  let last = cpuMicros();
  let busySinceRelease = 0;
  const timer = setInterval(() => {
    const now = cpuMicros();
    const used = now - last;
    last = now;
    if (used > QUIET_SHARE * intervalMs * 1000) {
      busySinceRelease += used;
      return;
    }
    if (busySinceRelease < WORTH_RELEASING_US) return;
    busySinceRelease = 0;
    release();
    last = cpuMicros();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
