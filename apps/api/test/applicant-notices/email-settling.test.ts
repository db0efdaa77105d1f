import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/** The status email settling like the text messages when the office chooses it (ADR 0054), with an injected clock. */

const MINUTE = 60_000;
const NOON_DHAKA = new Date('2026-11-26T06:00:00.000Z');
let clock = NOON_DHAKA;
const after = (minutes: number, from = clock) => new Date(from.getTime() + minutes * MINUTE);

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  clock = NOON_DHAKA;
  token = (await t.createStaff('admin')).token;
});

const settle = (emailSettle: boolean) => setSetting(t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, emailSettle }, null);
const act = async (action: 'Approve' | 'Reject' | 'Pending', id: string) => {
  const res = await t.request({ method: 'PUT', url: `/api/application/updateApplication${action}/${id}`, payload: {}, token });
  expect(res.statusCode).toBe(200);
};
const emails = (id: string) =>
  t.db
    .selectFrom('outbox')
    .select(['subject', 'status', 'next_attempt_at'])
    .where('channel', '=', 'email')
    .where('application_id', '=', id)
    .orderBy('id')
    .execute();
const sent = async (id: string) => (await emails(id)).filter((e) => e.status === 'sent').map((e) => (e.subject ?? '').split(' | ')[0]);

describe('status emails with settling on', () => {
  beforeAll(() => settle(true));

  it('sends one email for the state a flip-flop settles in, once it has been stable for the settling time', async () => {
    const app = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
    await act('Approve', app.id);
    clock = after(1);
    await act('Pending', app.id);
    clock = after(1);
    await act('Approve', app.id);
    // One email waits, for the latest change.
    expect(await emails(app.id)).toEqual([
      { subject: expect.stringContaining('Approved'), status: 'queued', next_attempt_at: after(5).toISOString() },
    ]);
    await t.app.outbox.runOnce(after(4));
    expect(await sent(app.id)).toEqual([]);
    await t.app.outbox.runOnce(after(5));
    expect(await sent(app.id)).toEqual(['Visa application update: Approved']);
    await t.app.outbox.runOnce(after(60));
    expect(await emails(app.id)).toHaveLength(1);
  });

  it('sends none when the status settles back where it started', async () => {
    const app = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
    await act('Approve', app.id);
    clock = after(2);
    await act('Pending', app.id);
    expect(await emails(app.id)).toEqual([]);
    await t.app.outbox.runOnce(after(30));
    expect(await emails(app.id)).toEqual([]);
  });

  it('tells a later change after a settled one from the status last told', async () => {
    const app = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
    await act('Approve', app.id);
    await t.app.outbox.runOnce(after(5));
    clock = after(10);
    await act('Reject', app.id);
    clock = after(1);
    // Back to what the applicant was told last: nothing more.
    await act('Approve', app.id);
    await t.app.outbox.runOnce(after(30));
    expect(await sent(app.id)).toEqual(['Visa application update: Approved']);
  });
});

describe('status emails with settling off (the default)', () => {
  beforeAll(() => settle(false));

  it('sends an email at every change, at once', async () => {
    const app = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
    await act('Approve', app.id);
    clock = after(1);
    await act('Pending', app.id);
    clock = after(1);
    await act('Approve', app.id);
    await t.app.outbox.runOnce(new Date(Date.now() + MINUTE));
    expect(await sent(app.id)).toEqual([
      'Visa application update: Approved',
      'Visa application update: Pending',
      'Visa application update: Approved',
    ]);
  });

  it('is off for an office that never saved the setting', async () => {
    await t.db.deleteFrom('app_settings').where('key', '=', 'messages').execute();
    const app = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
    await act('Approve', app.id);
    const [queued] = await emails(app.id);
    expect(new Date(queued!.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
  });
});
