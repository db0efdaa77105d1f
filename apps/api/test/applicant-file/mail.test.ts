import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { listEmailsFor } from '../../src/modules/domain/applicant-notices/outbox-status-repository.js';
import { createApplication } from '@visa/test-support/applications';
import { freePort } from '@visa/test-support/ports';
import { type TestSmtpServer, startSmtpServer } from '@visa/test-support/smtp';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/** Killing the SMTP server does not break approving; the email goes out once it is back (ADR 0009). */
let t: TestApp;
let port: number;
let smtp: TestSmtpServer | null = null;
let token: string;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Visa Desk <desk@example.com>' });
  token = (await t.createStaff('admin')).token;
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

const later = (ms: number) => new Date(Date.now() + ms);
const act = (action: 'Approve' | 'Reject' | 'Pending', id: string) =>
  t.request({ method: 'PUT', url: `/api/application/updateApplication${action}/${id}`, payload: {}, token });

describe('staff actions while the mail server is down', () => {
  it('approve and reject still succeed; the emails wait, visible as retrying, and go out once the server is back', async () => {
    await t.app.outbox.stop();
    const first = await createApplication(t.db);
    const second = await createApplication(t.db);

    const approved = await act('Approve', first.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().isStatus).toBe('approved');
    expect((await act('Reject', second.id)).statusCode).toBe(200);

    expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retried: 2, failed: 0 });
    const [waiting] = await listEmailsFor(t.db, first.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    // The action itself is recorded whatever the mail does.
    expect((await listAuditFor(t.db, 'application', first.id)).map((e) => e.action)).toEqual(['application.status']);
    const row = await t.db.selectFrom('applications').select('status').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('approved');

    smtp = await startSmtpServer(port);
    expect(await t.app.outbox.runOnce(later(2 * 60 * 60_000))).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([first.email, second.email].sort());
    expect(smtp.received.find((m) => m.to[0] === first.email)!.subject).toBe(
      'Visa application update: Approved | ভিসা আবেদনের হালনাগাদ: অনুমোদিত',
    );
    expect(await listEmailsFor(t.db, first.id)).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }]);
    expect((await listAuditFor(t.db, 'application', first.id)).map((e) => e.action)).toEqual(['application.status', 'email.sent']);
  });

  it('with the server up, the background worker sends the email of an action without being asked', async () => {
    t.app.outbox.start();
    const app = await createApplication(t.db);
    const before = smtp!.received.length;
    expect((await act('Approve', app.id)).statusCode).toBe(200);
    const mail = (await smtp!.waitFor(before + 1)).at(-1)!;
    expect(mail.to).toEqual([app.email]);
    expect(mail.from).toBe('desk@example.com');
  });
});
