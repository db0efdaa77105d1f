import { describe, expect, it } from 'vitest';
import { type Job, createScheduler } from '../../src/modules/operations/jobs/scheduler.js';
import { appForFile } from '@visa/test-support/file-app';

/**
 * Scheduled jobs when the wall clock jumps an hour (ADR 0068), at the scheduler's own clock: two
 * instances ask at every step, and a period is run once whichever way the clock went.
 */

const HOUR_MS = 3_600_000;
const silent = { info() {}, warn() {}, error() {} };
const t = appForFile();

describe('scheduled jobs and a jumping clock', () => {
  it('runs each period once: a backward jump delays the next run, a forward one brings it early, never twice', async () => {
    const runs: string[] = [];
    const schedulers = [0, 1].map((i) => {
      const job: Job = {
        name: 'clock-jump-test',
        everyMs: 2 * HOUR_MS,
        async run({ now }) {
          runs.push(`${i} ${now.toISOString()}`);
          return {};
        },
      };
      return createScheduler({ db: t.db, jobs: [job], log: silent, holder: `instance-${i}` });
    });
    const t0 = new Date('2027-04-01T00:00:00Z').getTime();
    const all = async (at: number) => (await Promise.all(schedulers.map((s) => s.runDue(new Date(at))))).flat();

    await all(t0);
    expect(await all(t0 + 2 * HOUR_MS)).toEqual(['clock-jump-test']);
    // Back an hour, and ticking on from there: nothing until the period after the one that ran.
    expect(await all(t0 + HOUR_MS)).toEqual([]);
    expect(await all(t0 + 2 * HOUR_MS)).toEqual([]);
    expect(await all(t0 + 3 * HOUR_MS)).toEqual([]);
    // Forward an hour past the next run: that period runs once, early by the jump, not twice.
    expect(await all(t0 + 5 * HOUR_MS)).toEqual(['clock-jump-test']);
    expect(await all(t0 + 5 * HOUR_MS + 60_000)).toEqual([]);
    expect(runs).toHaveLength(2);
  });
});
