import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { SYSTEM_TEXTS, type SystemStatus, SystemStatusSchema } from '@visa/shared/system';
import { createBackup } from '../../src/modules/operations/backups/backup.js';
import { claimJob, ensureJob, finishJob } from '../../src/modules/operations/jobs/repository.js';
import { finish, queueStaffEmail, queueStatusText } from '../../src/modules/domain/applicant-notices/outbox-repository.js';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp, engine } from '@visa/test-support/test-app';

// The System page's figures come from the job table, the backups folder, the outbox and the data
// folder itself; each is set up here for real and read back through the endpoint.

const NOW = new Date('2026-11-26T12:00:00.000Z');
const HOUR = 60 * 60_000;
let t: TestApp;
let owner: { token: string };
let clerk: { token: string };

beforeAll(async () => {
  t = await createTestApp({ BACKUP_EVERY_HOURS: '24' }, { now: () => NOW });
  owner = await t.createStaff('superadmin');
  clerk = await t.createStaff('admin');
});
afterAll(() => t.close());

const status = async () => {
  const res = await t.request({ method: 'GET', url: '/api/users/settings/system', token: owner.token });
  expect(res.statusCode).toBe(200);
  return SystemStatusSchema.parse(res.json()) as SystemStatus;
};

describe('GET /api/users/settings/system', () => {
  it('is for super-admins only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/users/settings/system' })).statusCode).toBe(401);
    const sub = await t.request({ method: 'GET', url: '/api/users/settings/system', token: clerk.token });
    expect(sub.statusCode).toBe(403);
    expect(sub.json()).toEqual({ message: SERVER.forbidden });
  });

  it("reports the version, the readiness and the data folder's disk, with no warning on a fresh server", async () => {
    const { version } = JSON.parse(fs.readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const s = await status();
    expect(s.version).toBe(version);
    expect(s.checkedAt).toBe(NOW.toISOString());
    expect(s.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(s.readiness).toEqual({ ok: true, failing: [] });
    const disk = fs.statfsSync(t.dataDir);
    expect(s.disk).toEqual({
      totalBytes: disk.blocks * disk.bsize,
      freeBytes: expect.any(Number),
      freePercent: expect.any(Number),
    });
    expect(s.mail).toEqual({ backlog: 0, failed: 0 });
    expect(s.backup).toMatchObject({ everyHours: 24, latestAt: null, ageHours: null, sizeBytes: null, scheduled: engine === 'sqlite' });
    expect(s.warnings.filter((w) => !w.startsWith('Only '))).toEqual([]);
  });

  it("shows each job's last run and outcome from the job table, and warns of a failed one", async () => {
    await ensureJob(t.db, 'housekeeping', new Date(NOW.getTime() - HOUR));
    await ensureJob(t.db, 'sweep-files', new Date(NOW.getTime() - HOUR));
    expect(await claimJob(t.db, 'housekeeping', 'test', new Date(NOW.getTime() - 30 * 60_000), 6 * HOUR)).toBe(true);
    await finishJob(t.db, 'housekeeping', 'test', { at: new Date(NOW.getTime() - 29 * 60_000), outcome: { sessions: 1 }, error: null });
    expect(await claimJob(t.db, 'sweep-files', 'test', new Date(NOW.getTime() - 20 * 60_000), HOUR)).toBe(true);
    await finishJob(t.db, 'sweep-files', 'test', {
      at: new Date(NOW.getTime() - 19 * 60_000),
      outcome: null,
      error: 'storage unreachable',
    });
    const s = await status();
    expect(s.jobs).toEqual([
      {
        name: 'housekeeping',
        outcome: 'ok',
        startedAt: new Date(NOW.getTime() - 30 * 60_000).toISOString(),
        finishedAt: new Date(NOW.getTime() - 29 * 60_000).toISOString(),
        nextRunAt: new Date(NOW.getTime() - 30 * 60_000 + 6 * HOUR).toISOString(),
        error: null,
      },
      expect.objectContaining({ name: 'sweep-files', outcome: 'failed', error: 'storage unreachable' }),
    ]);
    expect(s.warnings).toContain(SYSTEM_TEXTS.jobFailed('sweep-files'));
  });

  it('counts the mail backlog and the messages given up on', async () => {
    const email = { to: 'someone@example.com', subject: 'S', text: 'T', html: null };
    await queueStaffEmail(t.db, email, NOW);
    const failed = await queueStaffEmail(t.db, email, NOW);
    // As the outbox worker does: claimed for sending, then given up on.
    await t.db.updateTable('outbox').set({ status: 'sending' }).where('id', '=', failed).execute();
    await finish(t.db, failed, { status: 'failed', error: 'refused' });
    const s = await status();
    expect(s.mail).toEqual({ backlog: 1, failed: 1 });
    expect(s.warnings).toContain(SYSTEM_TEXTS.mailFailed(1));
  });

  it('counts the status messages waiting and given up on', async () => {
    expect((await status()).messages).toEqual({ backlog: 0, failed: 0 });
    for (const channel of ['sms', 'whatsapp'] as const) {
      const application = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
      await queueStatusText(t.db, { applicationId: application.id, channel, fromStatus: 'pending', dueAt: NOW, now: NOW });
      if (channel === 'whatsapp')
        await t.db.updateTable('outbox').set({ status: 'failed' }).where('application_id', '=', application.id).execute();
    }
    const s = await status();
    expect(s.messages).toEqual({ backlog: 1, failed: 1 });
    expect(s.warnings).toContain(SYSTEM_TEXTS.textMessagesFailed(1));
  });

  it("gives the latest backup's age and size, warns past two periods, and measures stored files (SQLite; no backups with PostgreSQL)", async () => {
    if (engine === 'postgres') {
      expect((await status()).backup).toEqual({ scheduled: false, everyHours: 24, latestAt: null, ageHours: null, sizeBytes: null });
      return;
    }
    fs.mkdirSync(path.join(t.dataDir, 'uploads', 'private'), { recursive: true });
    fs.writeFileSync(path.join(t.dataDir, 'uploads', 'private', 'a.bin'), Buffer.alloc(1234));
    const { dir } = await createBackup({ config: t.config, storage: t.storage, now: new Date(NOW.getTime() - 49 * HOUR) });
    let size = 0;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) size += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    }
    const s = await status();
    expect(s.backup).toEqual({
      scheduled: true,
      everyHours: 24,
      latestAt: new Date(NOW.getTime() - 49 * HOUR).toISOString(),
      ageHours: 49,
      sizeBytes: size,
    });
    expect(s.warnings).toContain(SYSTEM_TEXTS.backupOld(49, 24));
    expect(s.storageUsedBytes).toBe(1234);

    await createBackup({ config: t.config, storage: t.storage, now: new Date(NOW.getTime() - 47 * HOUR) });
    const fresher = await status();
    expect(fresher.backup.ageHours).toBe(47);
    expect(fresher.warnings.some((w) => w.startsWith('The latest backup'))).toBe(false);
  });
});
