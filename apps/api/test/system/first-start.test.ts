import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SystemStatus, SystemStatusSchema } from '@visa/shared/system';
import { buildApp } from '../../src/app.js';
import jobsPlugin from '../../src/modules/operations/jobs/plugin.js';
import { type TestApp, createTestApp, engine } from '@visa/test-support/test-app';

// A server's first start, with its scheduled jobs on as in production: the System page lists every
// job before any of them has run, each with the time of its first run.

const NOW = new Date('2026-11-28T09:00:00.000Z');
const HOUR = 60 * 60_000;
let t: TestApp;
let server: TestApp['app'];

beforeAll(async () => {
  t = await createTestApp({ BACKUP_EVERY_HOURS: '24', SCHEDULED_JOBS: 'true' }, { now: () => NOW });
  // The server's own app: the jobs plugin registered on a database that has never run a job.
  server = await buildApp({ config: t.config, db: t.db, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null, now: () => NOW });
  await server.register(jobsPlugin, { config: t.config, db: t.db, storage: t.storage, now: () => NOW });
  await server.ready();
});
afterAll(async () => {
  await server.close();
  await t.close();
});

describe('the System page on a fresh start', () => {
  it('lists every scheduled job, not run yet, with its first run one period after the start', async () => {
    const owner = await t.createStaff('superadmin');
    const res = await server.inject({
      method: 'GET',
      url: '/api/users/settings/system',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    const { jobs } = SystemStatusSchema.parse(res.json()) as SystemStatus;
    const firstRun = (hours: number) => ({
      outcome: 'never',
      startedAt: null,
      finishedAt: null,
      nextRunAt: new Date(NOW.getTime() + hours * HOUR).toISOString(),
      error: null,
    });
    expect(jobs).toEqual([
      // Backups are the app's only with SQLite and local files.
      ...(engine === 'sqlite' ? [{ name: 'backup', ...firstRun(24) }] : []),
      { name: 'case-reminders', ...firstRun(5 / 60) },
      { name: 'housekeeping', ...firstRun(6) },
      { name: 'payment-checks', ...firstRun(1 / 60) },
      { name: 'retention', ...firstRun(24) },
      { name: 'staff-digest', ...firstRun(5 / 60) },
      { name: 'sweep-files', ...firstRun(1) },
    ]);
  });
});
