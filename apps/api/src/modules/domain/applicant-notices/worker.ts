import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connection.js';
import type { Mailer } from '../../../infra/mail-transport.js';
import type { Providers } from '../../../infra/text-providers/providers.js';
import { type OutboxRow, clampFutureTimes, claimDue, pullRetriesForward } from './outbox-repository.js';
import { BACKOFF_CAP_MS, type Outcome, type RetryOptions, type RetryPolicy, retryPolicy } from './retry.js';
import { sendEmail } from './send-email.js';
import { sendText } from './send-text.js';

/**
 * The one worker of the one outbox (ADR 0060, ADR 0009): it claims what is due, whatever its
 * channel, and hands each message to its channel's sender: the mail transport for an email, the
 * SMS or WhatsApp provider for a text message. Several workers, in one process or many, may poll
 * the same table: the claim (outbox.ts) gives each message to exactly one of them.
 */

export interface OutboxWorkerOptions extends RetryOptions {
  db: Db;
  mailer: Mailer;
  /** The SMS and WhatsApp providers the environment configures; null: the channel is unavailable. */
  providers: Providers;
  log: FastifyBaseLogger;
  /** The office's zone, which quiet hours are kept in. */
  timeZone: string;
  /** PUBLIC_URL: the links text messages carry. */
  publicUrl: string;
  /** How often the table is polled; messages queued by other processes are found this way. */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed message stays with this process before another may take it over. */
  leaseMs?: number;
}

/** A run's messages by outcome; skipped and deferred text messages are only in the history. */
interface RunSummary {
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxWorker {
  start(): void;
  /** Stops polling and waits for a run in progress; `runOnce` still works (tests drive it by hand). */
  stop(): Promise<void>;
  /** Stops and releases the mailer (app shutdown). */
  close(): Promise<void>;
  /** Asks for a run as soon as possible (an action just queued a message). */
  kick(): void;
  /** Waits for any run in progress, then delivers what is due at `now`. */
  runOnce(now?: Date): Promise<RunSummary>;
}

const DEFAULTS = { pollMs: 5_000, batchSize: 20, leaseMs: 2 * 60_000 } as const;

/** Batches one run takes at most, so a run ends and the timer gets its turn even in a flood. */
const MAX_BATCHES_PER_RUN = 20;

/**
 * How often a channel's waiting retries may be pulled forward, and the clock's jumps looked for.
 * A message that keeps failing while others on its channel go through (one recipient's mailbox
 * full) is then tried at most this often, not at every run.
 */
const HOUSEKEEPING_GAP_MS = 30_000;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const o = { ...DEFAULTS, ...options };
  const { db, mailer, log } = o;
  const retry: Record<OutboxRow['channel'], RetryPolicy> = {
    email: retryPolicy('email', o),
    sms: retryPolicy('sms', o),
    whatsapp: retryPolicy('whatsapp', o),
  };
  const texts = { db, providers: o.providers, timeZone: o.timeZone, publicUrl: o.publicUrl };
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  // Runs never overlap inside one process; across processes the claim decides.
  let chain: Promise<unknown> = Promise.resolve();

  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn);
    chain = next.catch(() => undefined);
    return next;
  };

  async function deliver(row: OutboxRow, now: Date): Promise<Outcome | null> {
    try {
      if (row.channel === 'email') return await sendEmail({ db, mailer, log }, row, now, retry.email);
      const outcome = await sendText(texts, row, now, retry[row.channel]);
      if (outcome === 'failed')
        log.warn({ messageId: row.id, channel: row.channel, attempts: row.attempts }, 'text message refused or given up');
      return outcome;
    } catch (err) {
      // One message's trouble (a database hiccup) must not hold back the others: its lease lapses and it is tried again.
      log.error({ err, outboxId: row.id, channel: row.channel }, 'outbox delivery failed');
      return null;
    }
  }

  /** Whether the last run stopped at its bound with more due: the next one then comes at once. */
  let moreDue = false;
  /** When each channel's retries were last pulled forward, and future times last clamped (by the runs' clock). */
  const lastPulled = new Map<OutboxRow['channel'], number>();
  let lastClamped: number | null = null;
  // Gaps are measured both ways: after the clock went back, "30 s since" must not mean an hour.
  const gapPassed = (last: number | undefined | null, now: Date) =>
    last === undefined || last === null || Math.abs(now.getTime() - last) >= HOUSEKEEPING_GAP_MS;

  /** A channel that just delivered is up again: what waits on it need not wait out its back-off. */
  async function noticeRecovery(channels: Set<OutboxRow['channel']>, now: Date): Promise<boolean> {
    let pulled = 0;
    for (const channel of channels) {
      if (!gapPassed(lastPulled.get(channel), now)) continue;
      lastPulled.set(channel, now.getTime());
      pulled += await pullRetriesForward(db, channel, now);
    }
    return pulled > 0;
  }

  async function run(now: Date): Promise<RunSummary> {
    const summary: RunSummary = { sent: 0, retried: 0, failed: 0 };
    // A run that fails part-way leaves it false: the next run waits its turn, never a tight loop.
    moreDue = false;
    if (gapPassed(lastClamped, now)) {
      lastClamped = now.getTime();
      await clampFutureTimes(db, now, { retryMs: o.backoffMaxMs ?? BACKOFF_CAP_MS, leaseMs: o.leaseMs });
    }
    const delivered = new Set<OutboxRow['channel']>();
    // Batch after batch while they come full: a burst drains at the pace of sending, not of polling.
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const { claimed, exhausted } = await claimDue(db, now, o.batchSize, o.leaseMs);
      for (const row of claimed) {
        const outcome = await deliver(row, now);
        if (outcome === 'sent' || outcome === 'retried' || outcome === 'failed') summary[outcome] += 1;
        if (outcome === 'sent') delivered.add(row.channel);
      }
      // Another process may have claimed some of this batch; keep going while more were due.
      if (exhausted) {
        // What was pulled forward is due now: the next run comes at once for it.
        moreDue = await noticeRecovery(delivered, now);
        return summary;
      }
    }
    await noticeRecovery(delivered, now);
    moreDue = true;
    return summary;
  }

  function schedule(delayMs: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      exclusive(() => run(new Date()))
        .catch((err: unknown) => log.error({ err }, 'outbox run failed'))
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
