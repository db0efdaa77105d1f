import { describe, expect, it } from 'vitest';
import { APPLICANT_FILE_TEXTS as M } from '@visa/shared/applicant-file';
import { ApplicationSchema } from '@visa/shared/applications';
import { todayIn } from '@visa/shared/dates';
import { SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { updateStatusIf } from '../../src/modules/domain/applications/repository.js';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { listEmailsFor } from '../../src/modules/domain/applicant-notices/outbox-status-repository.js';
import { createApplication } from '@visa/test-support/applications';
import { base, documentsForm, jpegPart, applicantFileApp } from './fixtures.js';

const { t, staff, put, snapshot } = applicantFileApp();

describe('who may call', () => {
  it('answers 401 without a valid session on every applicant-file route and changes nothing', async () => {
    const app = await createApplication(t.db);
    const before = await snapshot(app.id);
    const docId = 'a'.repeat(24);
    const calls = [
      { method: 'PUT', url: `${base}/updateApplicationPending/${app.id}`, payload: {} },
      { method: 'PUT', url: `${base}/updateApplicationApprove/${app.id}`, payload: {} },
      { method: 'PUT', url: `${base}/updateApplicationReject/${app.id}`, payload: {} },
      { method: 'PUT', url: `${base}/updateApplicationAdd/${app.id}`, payload: documentsForm([await jpegPart()]) },
      { method: 'DELETE', url: `${base}/deleteApplicationDocument/${app.id}/${docId}` },
      { method: 'GET', url: `${base}/applicationHistory/${app.id}` },
      { method: 'GET', url: `${base}/applicationCopyPdf/${app.id}` },
      { method: 'GET', url: `${base}/applicantCopyVerification` },
    ] as const;
    for (const call of calls) {
      for (const token of [undefined, 'not-a-token']) {
        const payload = 'payload' in call ? (call.payload as Record<string, unknown>) : undefined;
        const res = await t.request({ method: call.method, url: call.url, payload, token });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: SERVER.unauthorized });
      }
    }
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('lets both staff roles act (applicant files are everyday work for sub-admins too)', async () => {
    const superadmin = await t.createStaff('superadmin');
    const app = await createApplication(t.db);
    expect((await put(`${base}/updateApplicationApprove/${app.id}`, {}, superadmin.token)).statusCode).toBe(200);
    expect((await put(`${base}/updateApplicationReject/${app.id}`, {}, staff.token)).statusCode).toBe(200);
  });
});

describe('status actions', () => {
  it('refuses an upload sent to a status action (415) instead of acting as if no body came', async () => {
    const app = await createApplication(t.db, { pending_date: '2026-01-10' });
    const before = await snapshot(app.id);
    const form = new FormData();
    form.append('date', '2026-03-04');
    const res = await put(`${base}/updateApplicationApprove/${app.id}`, form);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SERVER.unsupportedMediaType });
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('approves: status approved, approve date today in APP_TIMEZONE, history and an email to the applicant', async () => {
    const app = await createApplication(t.db, { pending_date: '2026-01-10' });
    const before = todayIn('Asia/Dhaka');
    const res = await put(`${base}/updateApplicationApprove/${app.id}`);
    const after = todayIn('Asia/Dhaka');
    expect(res.statusCode).toBe(200);
    const body = ApplicationSchema.parse(res.json());
    expect(body.isStatus).toBe('approved');
    expect([before, after]).toContain(body.approve);
    expect(body.pending).toBe('2026-01-10');

    const history = await listAuditFor(t.db, 'application', app.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'application.status',
      actor: { _id: staff.id, name: 'Nadia Staff' },
      details: { from: 'pending', to: 'approved', date: body.approve },
    });
    const [email] = await listEmailsFor(t.db, app.id);
    expect(email).toMatchObject({
      to: app.email,
      status: 'queued',
      subject: 'Visa application update: Approved | ভিসা আবেদনের হালনাগাদ: অনুমোদিত',
    });
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', email!._id).executeTakeFirstOrThrow();
    expect(row.text_body).toContain('https://visa.example.com/enquiry');
    expect(row.text_body).not.toContain(app.passport);
  });

  it('takes an explicit date for Approve and Pending; Pending clears the approval, Reject clears it too and ignores a date', async () => {
    const app = await createApplication(t.db, { created_at: '2026-01-15T04:00:00.000Z' });
    let res = await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-03-04' });
    expect(res.json()).toMatchObject({ isStatus: 'approved', approve: '2026-03-04' });

    res = await put(`${base}/updateApplicationPending/${app.id}`, { date: '2026-05-06' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isStatus: 'pending', pending: '2026-05-06', approve: null });

    await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-05-20' });
    res = await put(`${base}/updateApplicationReject/${app.id}`, { date: '2026-06-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isStatus: 'rejected', pending: '2026-05-06', approve: null });

    const history = await listAuditFor(t.db, 'application', app.id);
    expect(history.map((e) => e.details)).toEqual([
      { from: 'pending', to: 'approved', date: '2026-03-04' },
      { from: 'approved', to: 'pending', date: '2026-05-06' },
      { from: 'pending', to: 'approved', date: '2026-05-20' },
      { from: 'approved', to: 'rejected', date: null },
    ]);
    expect(await listEmailsFor(t.db, app.id)).toHaveLength(4);
  });

  it('accepts a call without any body, as the earlier app sent it', async () => {
    const app = await createApplication(t.db);
    const res = await t.request({ method: 'PUT', url: `${base}/updateApplicationReject/${app.id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().isStatus).toBe('rejected');
  });

  it('refuses a no-op with 409 and changes nothing', async () => {
    const app = await createApplication(t.db, { status: 'approved', approve_date: '2026-02-02', created_at: '2026-01-15T04:00:00.000Z' });
    const before = await snapshot(app.id);
    const res = await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-02-03' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: M.alreadyInStatus('approved') });
    expect(res.json().message).toBe('This application is already approved.');

    const pending = await createApplication(t.db);
    const res2 = await put(`${base}/updateApplicationPending/${pending.id}`, {});
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toEqual({ message: 'This application is already pending.' });
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('refuses a date before the day the application was added or after today, in the office time zone', async () => {
    // Added at 20:30 UTC on 1 March, which is already 2 March in Dhaka (UTC+6).
    const app = await createApplication(t.db, { created_at: '2026-03-01T20:30:00.000Z' });
    const before = await snapshot(app.id);
    const today = todayIn('Asia/Dhaka');
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const cases: [string, string, string][] = [
      ['updateApplicationApprove', '2026-03-01', M.dateBeforeCreated],
      ['updateApplicationApprove', tomorrow.toISOString().slice(0, 10), M.dateInFuture],
      ['updateApplicationApprove', '2099-12-31', M.dateInFuture],
    ];
    for (const [path, date, message] of cases) {
      const res = await put(`${base}/${path}/${app.id}`, { date });
      expect(res.statusCode, `${path} ${date}`).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ path: 'date', message }] });
    }
    expect(M.dateBeforeCreated).toBe('The date cannot be before the day the application was added.');
    expect(M.dateInFuture).toBe('The date cannot be in the future.');
    expect(await snapshot(app.id)).toEqual(before);

    // The day it was added (in Dhaka) and today are both fine.
    expect((await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-03-02' })).json()).toMatchObject({
      approve: '2026-03-02',
    });
    const backToPending = await put(`${base}/updateApplicationPending/${app.id}`, { date: '2026-03-01' });
    expect(backToPending.statusCode).toBe(400);
    expect(backToPending.json().message).toBe(M.dateBeforeCreated);
    expect((await put(`${base}/updateApplicationPending/${app.id}`, { date: today })).json()).toMatchObject({ pending: today });
  });

  it('answers bad input with a 4xx and a message, never a 500, and changes nothing', async () => {
    const app = await createApplication(t.db);
    const before = await snapshot(app.id);
    const cases: [string, unknown, number, string][] = [
      [`${base}/updateApplicationApprove/not-an-id`, {}, 400, VALIDATION.invalidId],
      [`${base}/updateApplicationApprove/${'A'.repeat(24)}`, {}, 400, VALIDATION.invalidId],
      [`${base}/updateApplicationApprove/${'b'.repeat(24)}`, {}, 404, M.applicationNotFound],
      [`${base}/updateApplicationApprove/${app.id}`, { date: '2026-02-30' }, 400, M.invalidDate],
      [`${base}/updateApplicationApprove/${app.id}`, { date: '21-11-2026' }, 400, M.invalidDate],
      [`${base}/updateApplicationApprove/${app.id}`, { date: '0202-01-01' }, 400, M.invalidDate],
      [`${base}/updateApplicationPending/${app.id}`, { date: 20261121 }, 400, M.invalidDate],
      [`${base}/updateApplicationPending/${app.id}`, { date: null }, 400, M.invalidDate],
      [`${base}/updateApplicationPending/${app.id}`, [1, 2], 400, SERVER.invalidInput],
    ];
    for (const [url, payload, status, message] of cases) {
      const res = await put(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      if (message !== SERVER.invalidInput) expect(res.json().message).toBe(message);
      else expect(res.json().message).toEqual(expect.any(String));
    }
    const broken = await t.request({
      method: 'PUT',
      url: `${base}/updateApplicationApprove/${app.id}`,
      token: staff.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"date": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toEqual(expect.any(String));
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('Approve and Reject fired together: one outcome per success, and the final state is the last change in the history', async () => {
    for (let round = 0; round < 6; round++) {
      const app = await createApplication(t.db);
      const [approve, reject] = await Promise.all([
        put(`${base}/updateApplicationApprove/${app.id}`, {}),
        put(`${base}/updateApplicationReject/${app.id}`, {}),
      ]);
      const codes = [approve.statusCode, reject.statusCode];
      for (const res of [approve, reject]) {
        expect([200, 409]).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json().message).toBe(M.changedMeanwhile);
      }
      const successes = codes.filter((c) => c === 200).length;
      expect(successes).toBeGreaterThanOrEqual(1);

      const row = await t.db.selectFrom('applications').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow();
      const changes = (await listAuditFor(t.db, 'application', app.id)).filter((e) => e.action === 'application.status');
      expect(changes).toHaveLength(successes);
      expect(changes.at(-1)!.details.to).toBe(row.status);
      // Each change starts from the state the previous one left.
      expect(changes[0]!.details.from).toBe('pending');
      if (changes.length === 2) expect(changes[1]!.details.from).toBe(changes[0]!.details.to);
      expect(row.approve_date === null).toBe(row.status === 'rejected');
      expect(await listEmailsFor(t.db, app.id)).toHaveLength(successes);
    }
  });

  it('the conditional update changes nothing when the status is no longer the one read', async () => {
    // On SQLite the two requests above serialise on the one connection, so this is the 409 path's guarantee there.
    const app = await createApplication(t.db, { status: 'approved', approve_date: '2026-01-01' });
    expect(await updateStatusIf(t.db, app.id, 'pending', { isStatus: 'rejected', approve: null })).toBe(false);
    expect(await t.db.selectFrom('applications').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow()).toEqual(app);
    expect(await updateStatusIf(t.db, app.id, 'approved', { isStatus: 'rejected', approve: null })).toBe(true);
  });
});
