import fs from 'node:fs/promises';
import path from 'node:path';
import { DISK_FREE_WARNING_PERCENT, SYSTEM_TEXTS, type SystemStatus } from '@visa/shared/system';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { APP_VERSION } from '../../../lib/version.js';
import { countEmailOutbox, countTextOutbox } from '../../domain/applicant-notices/outbox-status-repository.js';
import { backupUnsupported } from '../backups/backup-format.js';
import { checkReadiness } from './readiness.js';
import { listJobs } from '../jobs/repository.js';

const HOUR_MS = 60 * 60_000;

const isGone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Bytes of every regular file under `dir` (0 when it does not exist). Files come and go while it
 * walks (an upload finishing, the readiness probe's own file): one gone by the time it is measured
 * counts nothing.
 */
async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  } catch (err) {
    if (isGone(err)) return 0;
    throw err;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
    } catch (err) {
      if (!isGone(err)) throw err;
    }
  }
  return total;
}

/** The newest backup in BACKUP_DIR (folders named by their UTC time, each with a manifest): its time and size. */
async function latestBackup(backupDir: string): Promise<{ at: string; bytes: number } | null> {
  let names: string[];
  try {
    names = (await fs.readdir(backupDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (err) {
    if (isGone(err)) return null;
    throw err;
  }
  for (const name of names.sort().reverse()) {
    const dir = path.join(backupDir, name);
    try {
      const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as { createdAt?: unknown };
      if (typeof manifest.createdAt !== 'string') continue;
      return { at: manifest.createdAt, bytes: await folderBytes(dir) };
    } catch {
      // A folder without a readable manifest is not a finished backup.
    }
  }
  return null;
}

async function diskOf(dir: string): Promise<SystemStatus['disk']> {
  try {
    const s = await fs.statfs(dir);
    const totalBytes = s.blocks * s.bsize;
    const freeBytes = s.bavail * s.bsize;
    return { freeBytes, totalBytes, freePercent: totalBytes > 0 ? Math.round((freeBytes / totalBytes) * 1000) / 10 : 0 };
  } catch {
    return null;
  }
}

/**
 * What the System page shows: version and uptime, each job's last run, the latest backup, the mail
 * and message outboxes, storage and disk, readiness, and the warnings worth an owner's attention.
 */
export async function systemStatus(deps: {
  config: Config;
  db: Db;
  storage: Storage;
  now: Date;
  uptimeSeconds: number;
}): Promise<SystemStatus> {
  const { config, db, now } = deps;
  const layout = dataDirLayout(config.dataDir);
  const scheduled = config.BACKUP_EVERY_HOURS > 0 && !backupUnsupported(config);
  const [rows, mail, messages, backup, disk, ready, storageUsedBytes] = await Promise.all([
    listJobs(db),
    countEmailOutbox(db),
    countTextOutbox(db),
    scheduled || !backupUnsupported(config) ? latestBackup(config.backupDir) : Promise.resolve(null),
    diskOf(config.dataDir),
    checkReadiness({
      db,
      storage: deps.storage,
      mailFolder: config.SMTP_URL ? null : layout.outbox,
      dataDir: config.dataDir,
      minFreeBytes: config.READY_DISK_MIN_FREE_MB * 1024 * 1024,
      lateAfterMs: config.READY_OUTBOX_LATE_MINUTES * 60_000,
      now,
    }),
    config.STORAGE_DRIVER === 's3' ? Promise.resolve(null) : folderBytes(layout.uploads),
  ]);
  const jobs = rows.map((row) => ({
    name: row.name,
    outcome: !row.started_at
      ? ('never' as const)
      : !row.finished_at
        ? ('running' as const)
        : row.error
          ? ('failed' as const)
          : ('ok' as const),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    nextRunAt: row.next_run_at,
    error: row.error,
  }));
  const ageHours = backup ? Math.max(0, Math.floor((now.getTime() - Date.parse(backup.at)) / HOUR_MS)) : null;

  const warnings: string[] = [];
  if (!ready.readiness.ok) warnings.push(SYSTEM_TEXTS.notReady(ready.readiness.failing));
  for (const job of jobs) if (job.outcome === 'failed') warnings.push(SYSTEM_TEXTS.jobFailed(job.name));
  if (scheduled) {
    const backupJob = jobs.find((j) => j.name === 'backup');
    if (ageHours !== null && ageHours >= 2 * config.BACKUP_EVERY_HOURS)
      warnings.push(SYSTEM_TEXTS.backupOld(ageHours, config.BACKUP_EVERY_HOURS));
    if (ageHours === null && backupJob && backupJob.outcome !== 'never') warnings.push(SYSTEM_TEXTS.noBackup);
  }
  if (disk && disk.freePercent < DISK_FREE_WARNING_PERCENT) warnings.push(SYSTEM_TEXTS.diskLow(disk.freePercent));
  if (mail.failed > 0) warnings.push(SYSTEM_TEXTS.mailFailed(mail.failed));
  if (messages.failed > 0) warnings.push(SYSTEM_TEXTS.textMessagesFailed(messages.failed));

  return {
    version: APP_VERSION,
    uptimeSeconds: Math.floor(deps.uptimeSeconds),
    checkedAt: now.toISOString(),
    jobs,
    backup: { scheduled, everyHours: config.BACKUP_EVERY_HOURS, latestAt: backup?.at ?? null, ageHours, sizeBytes: backup?.bytes ?? null },
    mail,
    messages,
    storageUsedBytes,
    disk,
    readiness: { ok: ready.readiness.ok, failing: ready.readiness.failing },
    warnings,
  };
}
