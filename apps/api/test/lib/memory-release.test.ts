import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { releaseMemoryWhenQuiet } from '../../src/runtime.js';

/**
 * A process gives memory back once a busy spell ends (ADR 0098): the watch reads CPU time only, so
 * the collection comes once per quiet spell after real work, never while the process is busy and
 * never for an office that has done next to nothing since the last one.
 */
describe('releaseMemoryWhenQuiet', () => {
  const INTERVAL = 15_000;
  let cpu = 0;
  let releases = 0;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    cpu = 0;
    releases = 0;
    stop = releaseMemoryWhenQuiet({ intervalMs: INTERVAL, cpuMicros: () => cpu, release: () => (releases += 1) });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  /** One watch interval in which the process used `share` of a core. */
  const interval = async (share: number) => {
    cpu += share * INTERVAL * 1000;
    await vi.advanceTimersByTimeAsync(INTERVAL);
  };

  it('collects once when a busy spell is followed by a quiet interval, then waits for the next spell', async () => {
    for (let i = 0; i < 4; i += 1) await interval(0.5);
    expect(releases).toBe(0);
    await interval(0.001);
    expect(releases).toBe(1);
    for (let i = 0; i < 10; i += 1) await interval(0.001);
    expect(releases).toBe(1);
    await interval(0.9);
    await interval(0);
    expect(releases).toBe(2);
  });

  it('never collects in an idle office or after a trickle of work too small to be worth it', async () => {
    for (let i = 0; i < 20; i += 1) await interval(0.005);
    await interval(0.05);
    await interval(0);
    expect(releases).toBe(0);
  });
});
