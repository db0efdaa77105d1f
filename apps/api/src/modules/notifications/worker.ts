import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ACTIONS, type AuditAction } from '@visa/shared/audit-actions';
import type { Db } from '../../db/connection.js';
import { APPLICATION_AUDIT_ENTITY } from '../applications/mapping.js';
import { recordAudit } from '../audit/repository.js';
import type { Mailer } from '../../infra/mail-transport.js';
import { type OutboxRow, claimDueEmails, markEmailFailed, markEmailRetry, markEmailSent, withSecret } from './repository.js';

/** How an outbox's rows are claimed and retried: the email outbox's and the text messages' alike. */
export interface OutboxRetryOptions {
  batchSize?: number;
  /** How long a claimed message stays with this process before another may take it over. */
  leaseMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** 0..1 spread of each backoff, so many failed messages do not all retry in the same second. */
  jitter?: number;
}

export interface OutboxWorkerOptions extends OutboxRetryOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** How often the table is polled; messages queued by other processes are found this way. */
  pollMs?: number;
  /** The status messages by SMS and WhatsApp (ADR 0044), delivered on the same runs. */
  messages?: { run(now: Date): Promise<{ more: boolean }> };
}

interface RunSummary {
  sent: number;
  retried: number;
  failed: number;
}

/** An email's final outcome goes into the history of the application it was about, if any. */
async function auditOutcome(db: Db, row: OutboxRow, action: AuditAction, details: Record<string, unknown>): Promise<void> {
  if (!row.application_id) return;
  await recordAudit(db, {
    actorUserId: null,
    action,
    entity: APPLICATION_AUDIT_ENTITY,
    entityId: row.application_id,
    details: { emailId: row.id, subject: row.subject, ...details },
  });
}

export interface OutboxWorker {
  start(): void;
  /** Stops polling and waits for a run in progress; `runOnce` still works (tests drive it by hand). */
  stop(): Promise<void>;
  /** Stops and releases the mailer (app shutdown). */
  close(): Promise<void>;
  /** Asks for a run as soon as possible (a staff action just queued a message). */
  kick(): void;
  /** Waits for any run in progress, then delivers what is due at `now`. */
  runOnce(now?: Date): Promise<RunSummary>;
}

const OUTBOX_DEFAULTS = {
  pollMs: 5_000,
  batchSize: 20,
  leaseMs: 2 * 60_000,
  maxAttempts: 10,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
  jitter: 0.2,
} as const;

/** 30 s, 1 min, 2 min, … capped at an hour: ten attempts span about four hours of SMTP outage. */
export function backoffMs(attempts: number, base: number, max: number, jitter: number, random = Math.random): number {
  const exact = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(exact * (1 - jitter + 2 * jitter * random()));
}

/** SMTP replies can be long; the stored reason is for staff, so keep the first line, shortened. */
const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

const MAX_BATCHES_PER_RUN = 10;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const o = { ...OUTBOX_DEFAULTS, ...options };
  const { db, mailer, log } = o;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  // Runs never overlap inside one process; across processes the claim in the repository decides.
  let chain: Promise<unknown> = Promise.resolve();

  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  };

  async function deliver(row: OutboxRow, now: Date, summary: RunSummary) {
    try {
      await mailer.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: withSecret(row.text_body, row.secret),
        html: row.html_body === null ? null : withSecret(row.html_body, row.secret),
      });
    } catch (err) {
      const reason = describe(err);
      if (row.attempts >= o.maxAttempts) {
        await markEmailFailed(db, row.id, reason);
        await auditOutcome(db, row, AUDIT_ACTIONS.email.failed, { attempts: row.attempts, error: reason });
        summary.failed += 1;
        log.error({ emailId: row.id, attempts: row.attempts, reason }, 'email delivery failed for good');
      } else {
        const next = new Date(now.getTime() + backoffMs(row.attempts, o.backoffBaseMs, o.backoffMaxMs, o.jitter));
        await markEmailRetry(db, row.id, reason, next);
        summary.retried += 1;
        log.warn({ emailId: row.id, attempts: row.attempts, reason, retryAt: next.toISOString() }, 'email delivery failed; will retry');
      }
      return;
    }
    await markEmailSent(db, row.id, now);
    await auditOutcome(db, row, AUDIT_ACTIONS.email.sent, { via: mailer.kind });
    summary.sent += 1;
  }

  /** Whether the last run stopped at its bound with more due: the next one then comes at once. */
  let moreDue = false;

  async function run(now: Date): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retried: 0, failed: 0 };
    // A run that fails part-way leaves it false: the next run waits its turn, never a tight loop.
    moreDue = false;
    let emailsLeft = true;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const { claimed, exhausted } = await claimDueEmails(db, now, o.batchSize, o.leaseMs);
      for (const row of claimed) await deliver(row, now, summary);
      // Another process may have claimed some of this batch; keep going while more were due.
      if (exhausted) {
        emailsLeft = false;
        break;
      }
    }
    let messagesLeft = false;
    if (o.messages) {
      try {
        messagesLeft = (await o.messages.run(now)).more;
      } catch (err) {
        log.error({ err }, 'status message run failed');
      }
    }
    moreDue = emailsLeft || messagesLeft;
    return summary;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      exclusive(() => run(new Date()))
        .catch((err: unknown) => log.error({ err }, 'email outbox run failed'))
        .finally(() => schedule(moreDue ? 0 : o.pollMs));
    }, delayMs);
    // Never the reason a process (or a test run) stays alive.
    timer.unref();
  }

  async function stop() {
    running = false;
    if (timer) clearTimeout(timer);
    timer = null;
    await chain;
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    stop,
    async close() {
      await stop();
      mailer.close();
    },
    kick() {
      schedule(0);
    },
    runOnce(now = new Date()) {
      return exclusive(() => run(now));
    },
  };
}
