import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { createFolderMailer, createSmtpMailer } from '../../src/infra/mail-transport.js';
import { queueApplicantEmail, queueStaffEmail } from '../../src/modules/domain/applicant-notices/outbox-repository.js';
import { findOutboxRow as findEmail, listEmailsFor } from '../../src/modules/domain/applicant-notices/outbox-status-repository.js';
import { renderEmail } from '../../src/modules/domain/applicant-notices/emails.js';
import { backoffMs } from '../../src/modules/domain/applicant-notices/retry.js';
import { createApplication } from '@visa/test-support/applications';
import { freePort } from '@visa/test-support/ports';
import { type TestSmtpServer, startSmtpServer } from '@visa/test-support/smtp';
import { type TestApp, createTestApp, listFiles } from '@visa/test-support/test-app';
import { appForFile } from '@visa/test-support/file-app';
import { outboxWorker } from '@visa/test-support/outbox';

const HOUR = 60 * 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

/** An email to the applicant of `applicationId`, or to staff when null, as the app queues them. */
async function queue(t: TestApp, applicationId: string | null, to = 'applicant@example.com'): Promise<string> {
  const email = { to, subject: 'Visa application update: Approved', text: 'Hello', html: '<p>Hello</p>' };
  if (applicationId === null) return queueStaffEmail(t.db, email);
  await queueApplicantEmail(t.db, applicationId, email, new Date());
  return (await listEmailsFor(t.db, applicationId))[0]!._id;
}

describe('templates', () => {
  const recipient = { reference: '6740a1b2c3d4e5f601234567', surname: 'Rahman', givenN: 'Karim' };

  it('writes each status email in English and Bengali, with the enquiry link and no passport or date of birth', () => {
    const mail = renderEmail(recipient, { kind: 'status', status: 'approved', date: '2026-11-21' }, 'https://visa.example.com/');
    expect(mail.subject).toBe('Visa application update: Approved | ভিসা আবেদনের হালনাগাদ: অনুমোদিত');
    expect(mail.text).toContain('Dear Karim Rahman,');
    expect(mail.text).toContain('was approved on 21 Nov 2026');
    expect(mail.text).toContain('২১ নভে, ২০২৬ তারিখে অনুমোদিত হয়েছে');
    expect(mail.text).toContain('https://visa.example.com/enquiry');
    expect(mail.text).toContain(recipient.reference);
    expect(mail.html).toContain('<div lang="bn">');

    const pending = renderEmail(recipient, { kind: 'status', status: 'pending', date: '2026-12-01' }, 'http://x');
    expect(pending.text).toContain('Pending since 1 Dec 2026. We will email you when there is news.');
    expect(pending.text).not.toMatch(/collect/i);
    expect(pending.text).toContain('১ ডিসে, ২০২৬ থেকে প্রক্রিয়াধীন।');
    const rejected = renderEmail(recipient, { kind: 'status', status: 'rejected', date: null }, 'http://x');
    expect(rejected.subject).toBe('Visa application update: Rejected | ভিসা আবেদনের হালনাগাদ: প্রত্যাখ্যাত');
  });

  it('lists added documents by label in both languages', () => {
    const mail = renderEmail(recipient, { kind: 'documents', labels: ['Visa', 'Air Tickets'] }, 'http://x');
    expect(mail.subject).toBe('New documents on your visa application | আপনার ভিসা আবেদনে নতুন নথি');
    expect(mail.text).toContain(': Visa, Air Tickets.');
    expect(mail.text).toContain('ভিসা, বিমান টিকিট');
  });

  it('escapes names in the HTML part and keeps them on one line', () => {
    const mail = renderEmail(
      { ...recipient, givenN: '<b>Karim</b>\r\nBcc: x@evil.test', surname: 'O\'Neil & "Co"' },
      { kind: 'status', status: 'rejected', date: null },
      'http://x',
    );
    expect(mail.html).toContain('&lt;b&gt;Karim&lt;/b&gt; Bcc: x@evil.test O&#39;Neil &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<b>Karim');
    expect(mail.text.split('\n')[0]).toBe('Dear <b>Karim</b> Bcc: x@evil.test O\'Neil & "Co",');
  });
});

describe('backoff', () => {
  it('doubles from the base up to the cap, with a bounded spread', () => {
    const exact = (n: number) => backoffMs(n, 30_000, HOUR, 0);
    expect([1, 2, 3, 4].map(exact)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(exact(12)).toBe(HOUR);
    expect(backoffMs(1, 30_000, HOUR, 0.2, () => 0)).toBe(24_000);
    expect(backoffMs(1, 30_000, HOUR, 0.2, () => 1)).toBe(36_000);
  });
});

describe('outbox folder (no SMTP_URL)', () => {
  const t = appForFile();
  beforeAll(async () => {
    // These tests drive the worker by hand so each run's summary is exact.
    await t.app.outbox.stop();
  });

  it('writes each message as an .eml file under DATA_DIR/outbox and records it as sent', async () => {
    const application = await createApplication(t.db);
    const id = await queue(t, application.id, application.email);
    await t.app.outbox.runOnce();

    const file = path.join(t.dataDir, 'outbox', `${id}.eml`);
    const eml = fs.readFileSync(file, 'utf8');
    expect(eml).toContain(`To: ${application.email}`);
    expect(eml).toContain(`Message-ID: <${id}@visa-desk>`);
    expect(eml).toContain('Subject: Visa application update: Approved');
    expect(listFiles(path.join(t.dataDir, 'outbox'))).toEqual([`${id}.eml`]);

    const [delivery] = await listEmailsFor(t.db, application.id);
    expect(delivery).toMatchObject({ _id: id, status: 'sent', attempts: 1, lastError: null, to: application.email });
    expect(delivery!.sentAt).toEqual(expect.any(String));
    const history = await listAuditFor(t.db, 'application', application.id);
    expect(history.map((e) => e.action)).toEqual(['email.sent']);
    expect(history[0]!.actor).toBeNull();
    expect(history[0]!.details).toMatchObject({ emailId: id, via: 'folder' });
  });

  it('sends each message once when two workers poll the same table', async () => {
    // Queued one by one: the race under test is between the two workers, not between inserts.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await queue(t, null));
    const folder = path.join(t.dataDir, 'outbox-race');
    const workers = [1, 2].map(() => outboxWorker(t, createFolderMailer(folder, 'Desk <desk@example.com>'), { batchSize: 5 }));
    const [a, b] = await Promise.all(workers.map((w) => w.runOnce()));
    expect(a!.sent + b!.sent).toBe(12);
    expect(listFiles(folder)).toEqual(ids.map((id) => `${id}.eml`).sort());
    for (const id of ids) expect((await findEmail(t.db, id))!.attempts).toBe(1);
    await Promise.all(workers.map((w) => w.close()));
  });

  it('takes over a message whose sender died mid-send once its lease has passed', async () => {
    const id = await queue(t, null);
    await t.db
      .updateTable('outbox')
      .set({ status: 'sending', attempts: 1, next_attempt_at: later(2 * 60_000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await t.app.outbox.runOnce(later(3 * 60_000))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await findEmail(t.db, id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt and says so in the history', async () => {
    const port = await freePort();
    const application = await createApplication(t.db);
    const id = await queue(t, application.id, application.email);
    const worker = outboxWorker(t, createSmtpMailer(`smtp://127.0.0.1:${port}`, 'desk@example.com'), { maxAttempts: 2 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await worker.runOnce(later(2 * HOUR))).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await worker.runOnce(later(10 * HOUR))).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await findEmail(t.db, id)).toMatchObject({ status: 'failed', attempts: 2 });
    const [event] = await listAuditFor(t.db, 'application', application.id);
    expect(event).toMatchObject({ action: 'email.failed', details: { emailId: id, attempts: 2 } });
    await worker.close();
  });
});

describe('SMTP delivery', () => {
  // One app whose SMTP_URL points at a port where the test starts a real server only later.
  let t: TestApp;
  let port: number;
  let smtp: TestSmtpServer | null = null;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Visa Desk <desk@example.com>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('keeps a message queued while the server is down and delivers it after it comes back', async () => {
    await t.app.outbox.stop();
    const application = await createApplication(t.db);
    const id = await queue(t, application.id, application.email);

    expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const waiting = (await listEmailsFor(t.db, application.id))[0]!;
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Backed off: not due again straight away.
    expect(waiting.nextAttemptAt! > new Date().toISOString()).toBe(true);
    expect(await t.app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    smtp = await startSmtpServer(port);
    expect(await t.app.outbox.runOnce(later(2 * HOUR))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received.map((m) => m.messageId)).toEqual([`<${id}@visa-desk>`]);
    expect(await findEmail(t.db, id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect((await listAuditFor(t.db, 'application', application.id)).map((e) => e.action)).toEqual(['email.sent']);
  });

  it('delivers in the background, with the configured sender, without anyone asking', async () => {
    t.app.outbox.start();
    const application = await createApplication(t.db);
    const mail = renderEmail(
      { reference: application.id, surname: application.surname, givenN: application.given_name },
      { kind: 'status', status: 'approved', date: '2026-11-21' },
      t.config.publicUrl,
    );
    const before = smtp!.received.length;
    await queueApplicantEmail(t.db, application.id, { to: application.email, ...mail }, new Date());
    const id = (await listEmailsFor(t.db, application.id))[0]!._id;
    t.app.outbox.kick();

    const received = (await smtp!.waitFor(before + 1)).at(-1)!;
    expect(received.to).toEqual([application.email]);
    expect(received.from).toBe('desk@example.com');
    expect(received.subject).toBe(mail.subject);
    expect(received.messageId).toBe(`<${id}@visa-desk>`);
    await t.app.outbox.runOnce();
    expect(await findEmail(t.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    // Nothing is written to the folder when SMTP is configured.
    expect(listFiles(path.join(t.dataDir, 'outbox'))).toEqual([]);
  });
});

describe('shutdown', () => {
  it('closing the app waits for a delivery in flight, then stops the worker', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const messageStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = await startSmtpServer(undefined, { hold, onMessageStart: started });
    const t = await createTestApp({ SMTP_URL: slow.url });
    try {
      const id = await queue(t, null);
      t.app.outbox.kick();
      await messageStarted;

      let closed = false;
      const closing = t.app.close().then(() => {
        closed = true;
      });
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      // The server has not acknowledged the message yet, so the app may not finish closing.
      expect(closed).toBe(false);
      release();
      await closing;
      expect(await findEmail(t.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      release();
      await t.close();
      await slow.close();
    }
  });
});
