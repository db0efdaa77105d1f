import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { createBackup, pruneBackups } from '../backups/backup.js';
import { backupUnsupported } from '../backups/backup-format.js';
import { runHousekeeping } from './housekeeping.js';
import { createProviders } from '../../../infra/text-providers/providers.js';
import { tellDueReminders } from '../../domain/applicant-notices/reminders.js';
import { removeUnfinishedUploads } from '../../domain/document-requests/uploads.js';
import { runPaymentChecks } from '../../domain/payments/payment-checks.js';
import { sweepFiles } from '../../domain/files/sweep.js';
import { purgeFinancialRecords } from '../../domain/money-reports/retention.js';
import { queueDueDigests } from '../../domain/staff-deadlines/digest.js';
import { forgetOldAddresses } from '../retention/addresses.js';
import { runRetention } from '../retention/service.js';
import type { Job } from './scheduler.js';

/** How long a resumable upload may stay unfinished before housekeeping removes it. */
const UNFINISHED_UPLOAD_MS = 24 * 60 * 60_000;

const HOUR_MS = 60 * 60_000;
const SWEEP_EVERY_MS = HOUR_MS;
const HOUSEKEEPING_EVERY_MS = 6 * HOUR_MS;
const RETENTION_EVERY_MS = 24 * HOUR_MS;
/** Reminders fall due on the office's hour (ADR 0080): told within minutes of it. */
const REMINDERS_EVERY_MS = 5 * 60_000;
/** How late after the office's digest hour the day's digests may go out at worst. */
const DIGEST_EVERY_MS = 5 * 60_000;
/** A payment whose callback never came is found within a minute or two of the gateway knowing (ADR 0091). */
const PAYMENT_CHECKS_EVERY_MS = 60_000;

/** The server's periodic jobs: orphan sweep, housekeeping, retention, reminders, and (SQLite with local files) backups. */
export function scheduledJobs(deps: { config: Config; db: Db; storage: Storage; log: FastifyBaseLogger }): Job[] {
  const { config, db, storage, log } = deps;
  const jobs: Job[] = [
    {
      name: 'sweep-files',
      everyMs: SWEEP_EVERY_MS,
      async run({ signal }) {
        const r = await sweepFiles({ db, storage, log, signal });
        return { scanned: r.scanned, removed: r.removed.length, young: r.young, failed: r.failed.length, temp: r.temp };
      },
    },
    {
      name: 'housekeeping',
      everyMs: HOUSEKEEPING_EVERY_MS,
      async run({ now }) {
        return {
          ...(await runHousekeeping(db, {
            auditRetentionDays: config.AUDIT_RETENTION_DAYS,
            mailRetentionDays: config.MAIL_RETENTION_DAYS,
            // Whether or not SMTP_URL is set now: files written before it was stay no longer either.
            mailFolder: dataDirLayout(config.dataDir).outbox,
            now,
          })),
          // Resumable uploads never finished within a day (ADR 0047): their bytes and rows go.
          unfinishedUploads: await removeUnfinishedUploads(db, config.dataDir, new Date(now.getTime() - UNFINISHED_UPLOAD_MS)),
        };
      },
    },
    {
      // The applicant's reminders of their letters' deadlines: each claimed once, whichever instance runs it.
      name: 'case-reminders',
      everyMs: REMINDERS_EVERY_MS,
      async run({ now }) {
        const textProviders = createProviders(config, config.publicUrl);
        return { ...(await tellDueReminders(db, { config, textProviders, now: () => now }, now)) };
      },
    },
    {
      // Personal data past the office's retention windows, erasures to replay, old client addresses (ADR 0052),
      // then financial records past their years after the applicant's data went (ADR 0092).
      name: 'retention',
      everyMs: RETENTION_EVERY_MS,
      async run({ now, signal }) {
        const r = await runRetention({ db, storage, dataDir: config.dataDir, backupDir: config.backupDir, log }, { now, signal });
        return {
          expired: r.counts.total,
          // The stored outcome keeps the name it was first written with.
          anonymised: r.erased,
          replayed: r.replayed,
          ...(await forgetOldAddresses(db, config.CLIENT_ADDRESS_RETENTION_DAYS, now)),
          ...(await purgeFinancialRecords(db, now, signal)),
        };
      },
    },
    {
      // Each member's deadlines of the week, emailed once a day from the office's digest hour (ADR 0081).
      name: 'staff-digest',
      everyMs: DIGEST_EVERY_MS,
      run: async ({ now }) => ({ ...(await queueDueDigests({ db, config }, now)) }),
    },
    {
      // Gateway attempts nobody settled: asked about at their gateway, given up as failed after a day (ADR 0091).
      name: 'payment-checks',
      everyMs: PAYMENT_CHECKS_EVERY_MS,
      run: async ({ now }) => ({ ...(await runPaymentChecks({ db, config, now: () => now }, now)) }),
    },
  ];
  if (config.BACKUP_EVERY_HOURS === 0) return jobs;
  if (!backupUnsupported(config)) {
    jobs.push({
      name: 'backup',
      everyMs: config.BACKUP_EVERY_HOURS * HOUR_MS,
      async run({ now, signal }) {
        const { dir, manifest } = await createBackup({ config, storage, now, signal });
        const pruned = await pruneBackups(config.backupDir, config.BACKUP_KEEP, now);
        return { dir, files: manifest.storedFiles, applications: manifest.counts.applications, missing: manifest.missing.length, pruned };
      },
    });
  } else if (config.SCHEDULED_JOBS) {
    // Said at start-up, so that nobody mistakes the missing job for backups that run.
    const outside = [
      config.database.kind === 'postgres' && 'the database is in PostgreSQL',
      config.STORAGE_DRIVER === 's3' && 'stored files are in S3',
    ].filter(Boolean);
    log.info(
      { database: config.database.kind, storage: config.STORAGE_DRIVER },
      `scheduled backups are off: ${outside.join(' and ')}, outside DATA_DIR, so a copy made by the app would not be whole; ` +
        'back them up with their own tools (README.md#operations)',
    );
  }
  return jobs;
}
