import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connection.js';
import { claimJob, ensureJob, finishJob } from './repository.js';

export interface Job {
  name: string;
  everyMs: number;
  /** Answers a small summary (counts, keys) that is logged and kept in job_runs; never personal data. */
  run(context: { now: Date; signal: AbortSignal }): Promise<Record<string, unknown>>;
}

export interface Scheduler {
  /**
   * Gives every job its row, its first run one period after `now`, unless it has one: the System
   * page lists each job with its first run from the moment the server starts, not from its first tick.
   */
  prepare(now?: Date): Promise<void>;
  /** Starts polling; a no-op when already started. */
  start(): void;
  /** Stops polling, aborts a job in progress and waits for it to wind down. */
  stop(): Promise<void>;
  /** Runs, one after another, every job that is due at `now` and that this instance claims; answers their names. */
  runDue(now?: Date): Promise<string[]>;
}

export interface SchedulerOptions {
  db: Db;
  jobs: Job[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often this instance asks whether a job is due. */
  tickMs?: number;
  /** Who claims a period in job_runs: host, process and a random part (two processes never share it). */
  holder?: string;
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

/**
 * Runs periodic jobs on one instance per period, however many instances share the database: each
 * tick tries to claim every job's current period in job_runs (repository.claimJob), and only the
 * instance whose claim succeeds runs it. A job's first run is one period after the first start.
 * The timer is unref'd, so it never keeps a process alive.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, jobs, log } = options;
  const tickMs = options.tickMs ?? 60_000;
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let controller = new AbortController();
  // Ticks never overlap within a process.
  let chain: Promise<unknown> = Promise.resolve();

  async function runJob(job: Job, now: Date): Promise<boolean> {
    await ensureJob(db, job.name, new Date(now.getTime() + job.everyMs));
    if (!(await claimJob(db, job.name, holder, now, job.everyMs))) return false;
    try {
      const outcome = await job.run({ now, signal: controller.signal });
      await finishJob(db, job.name, holder, { at: new Date(), outcome, error: null });
      log.info({ job: job.name, ...outcome }, 'scheduled job done');
    } catch (err) {
      await finishJob(db, job.name, holder, { at: new Date(), outcome: null, error: firstLine(err) });
      log.error({ job: job.name, err }, 'scheduled job failed');
    }
    return true;
  }

  function runDue(now = new Date()): Promise<string[]> {
    const next = chain.then(async () => {
      const ran: string[] = [];
      for (const job of jobs) {
        if (controller.signal.aborted) break;
        if (await runJob(job, now)) ran.push(job.name);
      }
      return ran;
    });
    chain = next.catch(() => undefined);
    return next;
  }

  function schedule() {
    if (!running) return;
    // A little jitter, so instances started together do not all ask in the same millisecond.
    timer = setTimeout(
      () => {
        timer = null;
        runDue()
          .catch((err: unknown) => log.error({ err }, 'scheduled jobs: tick failed'))
          .finally(schedule);
      },
      tickMs * (0.9 + Math.random() * 0.2),
    );
    timer.unref();
  }

  return {
    async prepare(now = new Date()) {
      for (const job of jobs) await ensureJob(db, job.name, new Date(now.getTime() + job.everyMs));
    },
    start() {
      if (running) return;
      running = true;
      controller = new AbortController();
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      controller.abort();
      await chain;
    },
    runDue,
  };
}
