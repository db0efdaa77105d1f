import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type Db, createDb } from '../../src/db/connection.js';
import { newId } from '../../src/lib/ids.js';
import { runHousekeeping } from '../../src/modules/operations/jobs/housekeeping.js';
import { scheduledJobs } from '../../src/modules/operations/jobs/jobs.js';
import jobsPlugin from '../../src/modules/operations/jobs/plugin.js';
import { findJob } from '../../src/modules/operations/jobs/repository.js';
import { type Job, createScheduler } from '../../src/modules/operations/jobs/scheduler.js';
import { cliEnv } from '@visa/test-support/processes';
import { engine } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const silent = { info() {}, warn() {}, error() {} };

const t = appForFile();

describe('housekeeping', () => {
  const now = new Date('2027-06-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const ahead = (ms: number) => new Date(now.getTime() + ms).toISOString();

  async function session(userId: string, family: string, expiresAt: string, revokedAt: string | null) {
    const id = newId();
    await t.db
      .insertInto('sessions')
      .values({
        id,
        user_id: userId,
        refresh_hash: `h-${id}`,
        family_id: family,
        expires_at: expiresAt,
        revoked_at: revokedAt,
        created_at: ago(3 * DAY_MS),
        ip: null,
        user_agent: null,
      })
      .execute();
    return id;
  }
  async function email(status: 'queued' | 'sent' | 'failed', createdAt: string) {
    const id = newId();
    await t.db
      .insertInto('outbox')
      .values({
        id,
        channel: 'email',
        application_id: null,
        recipient: 'a@example.com',
        subject: 's',
        text_body: 't',
        html_body: null,
        status,
        attempts: 1,
        next_attempt_at: createdAt,
        last_error: null,
        sent_at: status === 'sent' ? createdAt : null,
        created_at: createdAt,
      })
      .execute();
    return id;
  }
  async function audit(at: string) {
    const id = newId();
    await t.db
      .insertInto('audit_events')
      .values({ id, actor_user_id: null, action: 'test', entity: 'test', entity_id: null, at, details: '{}' })
      .execute();
    return id;
  }
  const ids = async (table: 'sessions' | 'outbox' | 'audit_events') =>
    (await t.db.selectFrom(table).select('id').execute()).map((r) => r.id).sort();

  it('purges dead sessions, stale rate limits, old audit entries and old delivered mail; keeps everything still needed', async () => {
    const { id: userId } = await t.createStaff();
    await t.db.deleteFrom('sessions').execute();
    await t.db.deleteFrom('audit_events').execute();
    await t.db.deleteFrom('rate_limits').execute();

    const keep = {
      live: await session(userId, 'f-live', ahead(DAY_MS), null),
      // Rotated, in a family still in use: kept, so replaying it is caught as theft.
      rotated: await session(userId, 'f-live', ahead(DAY_MS), ago(2 * DAY_MS)),
      // Signed out an hour ago: kept for a day.
      justSignedOut: await session(userId, 'f-recent', ahead(DAY_MS), ago(HOUR_MS)),
    };
    await session(userId, 'f-expired', ago(1000), null);
    await session(userId, 'f-signed-out', ahead(DAY_MS), ago(2 * DAY_MS));
    await session(userId, 'f-signed-out', ahead(DAY_MS), ago(2 * DAY_MS));

    await t.db
      .insertInto('rate_limits')
      .values({ key: 'old', window_start: now.getTime() - 2 * DAY_MS, count: 3 })
      .execute();
    await t.db
      .insertInto('rate_limits')
      .values({ key: 'current', window_start: now.getTime() - 10 * 60_000, count: 3 })
      .execute();
    // An address group the account signed in from stays known for a month after that sign-in.
    await t.db
      .insertInto('rate_limits')
      .values([
        { key: 'login:known-group:recent', window_start: now.getTime() - 2 * DAY_MS, count: 1 },
        { key: 'login:known-group:gone', window_start: now.getTime() - 31 * DAY_MS, count: 1 },
      ])
      .execute();

    const recentAudit = await audit(ago(10 * DAY_MS));
    await audit(ago(731 * DAY_MS));

    const keptMail = [
      await email('sent', ago(10 * DAY_MS)),
      await email('queued', ago(100 * DAY_MS)),
      await email('failed', ago(5 * DAY_MS)),
    ];
    await email('sent', ago(91 * DAY_MS));
    await email('failed', ago(91 * DAY_MS));

    const reset = (id: string, expiresAt: string) =>
      t.db
        .insertInto('password_resets')
        .values({ id, user_id: userId, token_hash: id, created_at: ago(2 * DAY_MS), expires_at: expiresAt, used_at: null })
        .execute();
    // A forgot-password link expired two days ago goes; one expired an hour ago stays a day.
    await reset('reset-old', ago(2 * DAY_MS));
    await reset('reset-recent', ago(HOUR_MS));
    const challenge = (id: string, expiresAt: string) =>
      t.db
        .insertInto('login_challenges')
        .values({ id, token_hash: id, user_id: userId, kind: 'totp', created_at: ago(HOUR_MS), expires_at: expiresAt })
        .execute();
    // A second-step challenge serves nothing once its minutes are up.
    await challenge('challenge-expired', ago(1000));
    await challenge('challenge-open', ahead(60_000));

    const result = await runHousekeeping(t.db, { auditRetentionDays: 730, mailRetentionDays: 90, now });
    expect(result).toEqual({
      sessions: 3,
      passwordResets: 1,
      loginChallenges: 1,
      rateLimits: 2,
      auditEvents: 1,
      emails: 2,
      mailFiles: 0,
      messages: 0,
    });
    expect((await t.db.selectFrom('login_challenges').select('id').execute()).map((r) => r.id)).toEqual(['challenge-open']);
    expect((await t.db.selectFrom('password_resets').select('id').execute()).map((r) => r.id)).toEqual(['reset-recent']);
    expect(await ids('sessions')).toEqual(Object.values(keep).sort());
    expect((await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key).sort()).toEqual([
      'current',
      'login:known-group:recent',
    ]);
    expect(await ids('audit_events')).toEqual([recentAudit]);
    expect(await ids('outbox')).toEqual(keptMail.sort());

    // Nothing left to do the second time.
    expect(await runHousekeeping(t.db, { auditRetentionDays: 730, mailRetentionDays: 90, now })).toEqual({
      sessions: 0,
      passwordResets: 0,
      loginChallenges: 0,
      rateLimits: 0,
      auditEvents: 0,
      emails: 0,
      mailFiles: 0,
      messages: 0,
    });
  });
});

describe('scheduled jobs run once per period across instances', () => {
  let dbs: Db[];
  beforeAll(() => {
    // Three instances: each its own connection (pool) to the one database.
    dbs = [createDb(t.config.database), createDb(t.config.database), createDb(t.config.database)];
  });
  afterAll(async () => {
    for (const db of dbs) await db.destroy();
  });

  it('exactly one instance claims each period, the first one period after the first start', async () => {
    const runs: string[] = [];
    const schedulers = dbs.map((db, i) => {
      const job: Job = {
        name: 'lease-test',
        everyMs: HOUR_MS,
        async run() {
          runs.push(`instance-${i}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { instance: i };
        },
      };
      return createScheduler({ db, jobs: [job], log: silent, holder: `instance-${i}` });
    });
    const t0 = new Date('2027-01-01T00:00:00Z').getTime();
    const all = async (at: number) => (await Promise.all(schedulers.map((s) => s.runDue(new Date(at))))).flat();

    expect(await all(t0)).toEqual([]);
    expect(await all(t0 + 30 * 60_000)).toEqual([]);
    expect(await all(t0 + HOUR_MS)).toEqual(['lease-test']);
    expect(runs).toHaveLength(1);
    expect(await all(t0 + HOUR_MS + 59 * 60_000)).toEqual([]);
    expect(await all(t0 + 2 * HOUR_MS + 1000)).toEqual(['lease-test']);
    expect(runs).toHaveLength(2);

    const row = await findJob(t.db, 'lease-test');
    expect(row).toMatchObject({ holder: runs[1], error: null, next_run_at: new Date(t0 + 3 * HOUR_MS + 1000).toISOString() });
    expect(JSON.parse(row!.outcome!)).toEqual({ instance: Number(runs[1]!.slice(-1)) });
  });

  it('a failing job records its error and runs again next period', async () => {
    let attempts = 0;
    const job: Job = {
      name: 'failing-test',
      everyMs: HOUR_MS,
      async run() {
        attempts += 1;
        throw new Error('disk full\nsecond line');
      },
    };
    const scheduler = createScheduler({ db: dbs[0]!, jobs: [job], log: silent });
    const t0 = new Date('2027-02-01T00:00:00Z').getTime();
    await scheduler.runDue(new Date(t0));
    expect(await scheduler.runDue(new Date(t0 + HOUR_MS))).toEqual(['failing-test']);
    expect((await findJob(t.db, 'failing-test'))!.error).toBe('disk full');
    expect(await scheduler.runDue(new Date(t0 + 2 * HOUR_MS))).toEqual(['failing-test']);
    expect(attempts).toBe(2);
  });

  it('stop() aborts a job in progress and waits for it; nothing runs afterwards', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const job: Job = {
      name: 'abort-test',
      everyMs: HOUR_MS,
      run: ({ signal }) =>
        new Promise((_, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('aborted by shutdown')));
        }),
    };
    const scheduler = createScheduler({ db: dbs[1]!, jobs: [job], log: silent });
    const t0 = new Date('2027-03-01T00:00:00Z').getTime();
    await scheduler.runDue(new Date(t0));
    scheduler.start();
    const tick = scheduler.runDue(new Date(t0 + HOUR_MS));
    await running;
    await scheduler.stop();
    expect(await tick).toEqual(['abort-test']);
    expect((await findJob(t.db, 'abort-test'))!.error).toBe('aborted by shutdown');
    expect(await scheduler.runDue(new Date(t0 + 5 * HOUR_MS))).toEqual([]);
  });
});

describe('the server’s jobs', () => {
  it('sweep, housekeeping, reminders, retention, the staff digest and the payment checks always; backups only on SQLite with local files; nothing runs unless asked', async () => {
    const config = loadConfig(cliEnv(t.config, { SCHEDULED_JOBS: 'false' }));
    const app = await buildApp({ config, db: t.db, secret: config.APP_SECRET!, storage: t.storage, webRoot: null });
    await app.register(jobsPlugin, { config, db: t.db, storage: t.storage });
    await app.ready();
    try {
      const now = Date.now();
      expect(await app.jobs.runDue(new Date(now))).toEqual([]);
      expect(await app.jobs.runDue(new Date(now + 7 * HOUR_MS))).toEqual([
        'sweep-files',
        'housekeeping',
        'case-reminders',
        'staff-digest',
        'payment-checks',
      ]);
      const daily = await app.jobs.runDue(new Date(now + 25 * HOUR_MS));
      if (engine === 'sqlite') {
        expect(daily).toEqual(['sweep-files', 'housekeeping', 'case-reminders', 'retention', 'staff-digest', 'payment-checks', 'backup']);
        const backups = fs.readdirSync(config.backupDir);
        expect(backups).toHaveLength(1);
        expect(JSON.parse((await findJob(t.db, 'backup'))!.outcome!)).toMatchObject({ missing: 0, pruned: [] });
      } else {
        expect(daily).toEqual(['sweep-files', 'housekeeping', 'case-reminders', 'retention', 'staff-digest', 'payment-checks']);
      }
      // Every rule is off by default: the daily run finds nothing to erase.
      expect(JSON.parse((await findJob(t.db, 'retention'))!.outcome!)).toMatchObject({ expired: 0, anonymised: 0, replayed: 0 });
      const sweep = JSON.parse((await findJob(t.db, 'sweep-files'))!.outcome!);
      expect(sweep).toMatchObject({ removed: 0, failed: 0 });
    } finally {
      await app.close();
    }
  });

  it('with PostgreSQL or S3 there is no backup job, and start-up says so in one line, with why', () => {
    const lines: unknown[][] = [];
    const log = { ...silent, info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    const jobsFor = (env: NodeJS.ProcessEnv) =>
      scheduledJobs({ config: loadConfig({ DATA_DIR: '/srv/visa', ...env }), db: t.db, storage: t.storage, log }).map((j) => j.name);

    expect(jobsFor({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toEqual([
      'sweep-files',
      'housekeeping',
      'case-reminders',
      'retention',
      'staff-digest',
      'payment-checks',
    ]);
    expect(jobsFor({ DATABASE_URL: 'postgres://visa@db.invalid/visa', STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toEqual([
      'sweep-files',
      'housekeeping',
      'case-reminders',
      'retention',
      'staff-digest',
      'payment-checks',
    ]);
    expect(lines).toEqual([
      [
        { database: 'sqlite', storage: 's3' },
        expect.stringMatching(/^scheduled backups are off: stored files are in S3, outside DATA_DIR,/),
      ],
      [
        { database: 'postgres', storage: 's3' },
        expect.stringMatching(/^scheduled backups are off: the database is in PostgreSQL and stored files are in S3,/),
      ],
    ]);
    // Nothing to say when no job runs anyway, or when backups are turned off on purpose.
    lines.length = 0;
    jobsFor({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', SCHEDULED_JOBS: 'false' });
    jobsFor({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', BACKUP_EVERY_HOURS: '0' });
    expect(lines).toEqual([]);
  });
});

describe('operations settings', () => {
  it('have defaults, and a bad value stops start-up with one line naming the variable', () => {
    const config = loadConfig({ DATA_DIR: '/srv/visa' });
    expect(config).toMatchObject({
      SCHEDULED_JOBS: true,
      BACKUP_EVERY_HOURS: 24,
      BACKUP_KEEP: 7,
      AUDIT_RETENTION_DAYS: 730,
      MAIL_RETENTION_DAYS: 90,
      backupDir: '/srv/visa/backups',
    });
    expect(loadConfig({ DATA_DIR: '/srv/visa', BACKUP_DIR: 'copies' }, '/home/op').backupDir).toBe('/home/op/copies');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(
      'Invalid configuration: BACKUP_KEEP must be a whole number between 1 and 1000 (got "0")',
    );
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: 'daily' })).toThrow('BACKUP_EVERY_HOURS must be a whole number between 0 and 8760');
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '1.5' })).toThrow('AUDIT_RETENTION_DAYS must be a whole number');
    expect(() => loadConfig({ SCHEDULED_JOBS: 'sometimes' })).toThrow('SCHEDULED_JOBS');
  });
});
