import { z } from 'zod';

/** How the last run of a scheduled job went: never run yet, running now, finished well, or failed. */
export const JOB_OUTCOMES = ['never', 'running', 'ok', 'failed'] as const;

/**
 * What the readiness probe (GET /api/ready) checks, in the order it reports them (ADR 0068). The
 * first five are needed to serve (one failing makes the probe 503); the outboxes' queues, and a
 * disk that is low but not full, are reported without turning traffic away.
 */
export const READY_PARTS = ['database', 'migrations', 'storage', 'disk', 'mail', 'mailQueue', 'textQueue'] as const;
/** A part's state: `behind` is migrations not run or a queue not draining, `unknown` not checked (the database is down). */
export const READY_STATES = ['ok', 'error', 'behind', 'low', 'full', 'unknown'] as const;

export const SystemJobSchema = z.object({
  name: z.string(),
  outcome: z.enum(JOB_OUTCOMES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  nextRunAt: z.string(),
  /** The failure's message, as the job recorded it (never personal data: jobs log counts and keys). */
  error: z.string().nullable(),
});

/** The System page (Settings, super-admins): what an owner checks to know the office's server is healthy. */
export const SystemStatusSchema = z.object({
  version: z.string(),
  uptimeSeconds: z.number(),
  checkedAt: z.string(),
  jobs: z.array(SystemJobSchema),
  backup: z.object({
    /** False with PostgreSQL or S3 (backed up with their own tools), or BACKUP_EVERY_HOURS=0. */
    scheduled: z.boolean(),
    everyHours: z.number(),
    latestAt: z.string().nullable(),
    ageHours: z.number().nullable(),
    sizeBytes: z.number().nullable(),
  }),
  mail: z.object({ backlog: z.number(), failed: z.number() }),
  /** The SMS and WhatsApp status messages: waiting (settling, quiet hours, retrying) and given up on. */
  messages: z.object({ backlog: z.number(), failed: z.number() }),
  /** Bytes of stored files (photos, documents, slide images); null when they are in S3. */
  storageUsedBytes: z.number().nullable(),
  disk: z.object({ freeBytes: z.number(), totalBytes: z.number(), freePercent: z.number() }).nullable(),
  readiness: z.object({ ok: z.boolean(), failing: z.array(z.string()) }),
  /** Each problem in one sentence; empty when all is well. The dashboard shows them on one line. */
  warnings: z.array(z.string()),
});
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

/** Below this share of DATA_DIR's disk free, the System page warns. */
export const DISK_FREE_WARNING_PERCENT = 10;

export const SYSTEM_TEXTS = {
  jobFailed: (name: string) => `The scheduled job "${name}" failed at its last run.`,
  backupOld: (hours: number, every: number) => `The latest backup is ${hours} hours old; backups should run every ${every} hours.`,
  noBackup: 'No backup has been made yet, although the backup job has run.',
  diskLow: (percent: number) => `Only ${percent}% of the data folder's disk is free.`,
  mailFailed: (count: number) => `${count} email(s) could not be sent.`,
  textMessagesFailed: (count: number) => `${count} status message(s) by SMS or WhatsApp could not be sent.`,
  notReady: (parts: string[]) => `The server is not ready: ${parts.join(', ')}.`,
} as const;
