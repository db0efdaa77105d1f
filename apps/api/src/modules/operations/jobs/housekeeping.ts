import type { Db } from '../../../db/connection.js';
import { deleteAuditBefore } from '../../kernel/audit/repository.js';
import { deleteMailFilesBefore } from '../../../infra/mail-transport.js';
import { deleteFinishedEmailsBefore, deleteFinishedTextsBefore } from '../../domain/applicant-notices/outbox-status-repository.js';
import { deleteStaleCounters } from '../../kernel/rate-limits/repository.js';
import { deleteOldResets } from '../../domain/password-reset/repository.js';
import { deleteExpiredChallenges } from '../../domain/second-factor/repository.js';
import { deleteDeadSessions } from '../../domain/sessions/repository.js';
import { KNOWN_GROUP_MS, KNOWN_GROUP_SCOPE } from '../../domain/sessions/known-devices.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Longer than any rate-limit window the app uses (the longest is an hour), so a purged counter
 * could only have been reset by its next hit anyway; the known address groups of sign-in keep
 * theirs as long as they stay known.
 */
const RATE_LIMIT_KEEP_MS = DAY_MS;
/** A fully signed-out session family is kept a day, for the staff's session list and support questions. */
const REVOKED_SESSION_KEEP_MS = DAY_MS;

export interface HousekeepingOptions {
  auditRetentionDays: number;
  mailRetentionDays: number;
  /** The folder mailer's folder (DATA_DIR/outbox): its files are kept as long as the outbox's rows. */
  mailFolder?: string;
  now?: Date;
}

export interface HousekeepingResult {
  sessions: number;
  /** Forgot-password links expired more than a day ago. */
  passwordResets: number;
  /** Second-step challenges past their few minutes (ADR 0019). */
  loginChallenges: number;
  rateLimits: number;
  auditEvents: number;
  emails: number;
  /** .eml files of the mail folder older than the mail retention. */
  mailFiles: number;
  /** Status messages by SMS and WhatsApp done with, kept as long as emails (ADR 0044). */
  messages: number;
}

/** Purges rows nobody needs any more, so no table grows without bound. Counts only in the result. */
export async function runHousekeeping(db: Db, options: HousekeepingOptions): Promise<HousekeepingResult> {
  const now = options.now ?? new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    sessions: await deleteDeadSessions(db, now, ago(REVOKED_SESSION_KEEP_MS)),
    passwordResets: await deleteOldResets(db, ago(DAY_MS)),
    loginChallenges: await deleteExpiredChallenges(db, now),
    rateLimits: await deleteStaleCounters(db, ago(RATE_LIMIT_KEEP_MS), {
      scope: KNOWN_GROUP_SCOPE,
      windowStartedBefore: ago(KNOWN_GROUP_MS),
    }),
    auditEvents: await deleteAuditBefore(db, ago(options.auditRetentionDays * DAY_MS)),
    emails: await deleteFinishedEmailsBefore(db, ago(options.mailRetentionDays * DAY_MS)),
    mailFiles: options.mailFolder ? await deleteMailFilesBefore(options.mailFolder, ago(options.mailRetentionDays * DAY_MS)) : 0,
    messages: await deleteFinishedTextsBefore(db, ago(options.mailRetentionDays * DAY_MS)),
  };
}
