import fs from 'node:fs';
import type { Kysely } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET } from '@visa/shared/users';
import { buildApp } from '../../src/app.js';
import { createBackup } from '../../src/modules/operations/backups/backup.js';
import { runHousekeeping } from '../../src/modules/operations/jobs/housekeeping.js';
import { OUTBOX_SECRET_PLACEHOLDER, queueStaffEmail } from '../../src/modules/domain/applicant-notices/outbox-repository.js';
import { createSmtpMailer } from '../../src/infra/mail-transport.js';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { startSmtpServer, type TestSmtpServer } from '@visa/test-support/smtp';
import { outboxWorker } from '@visa/test-support/outbox';
import { freePort } from '@visa/test-support/ports';
import { type TestApp, createTestApp, databaseBefore, engine } from '@visa/test-support/test-app';

interface EarlierOutbox {
  email_outbox: {
    id: string;
    application_id: string | null;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    status: string;
    attempts: number;
    next_attempt_at: string;
    last_error: string | null;
    sent_at: string | null;
    created_at: string;
    secret?: string | null;
  };
}

/**
 * Nothing kept after sending opens an account (ADR 0040): a forgot-password email goes out with a
 * working link, but the outbox row keeps the body with a placeholder and the token only until the
 * message is sent; a backup taken afterwards holds no token either. The mail folder's .eml files
 * (the delivery itself when there is no SMTP server) are kept no longer than the outbox's rows.
 */

const DAY_MS = 24 * 60 * 60_000;

/** The body as the recipient reads it: quoted-printable soft breaks joined, '=' written as =3D. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
const tokenIn = (raw: string) => /\/reset-password#token=([\w-]+)/.exec(decoded(raw))?.[1];

const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

const ask = (t: TestApp, email: string, ip: string) =>
  t.request({ method: 'POST', url: '/api/users/forgot-password', payload: { email }, remoteAddress: ip });

const outboxRows = (t: TestApp) => t.db.selectFrom('outbox').selectAll().execute();

describe('a forgot-password email sent through SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-mail-secret-'));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('arrives with a working link, while the outbox and a backup taken afterwards hold no token', async () => {
    const staff = await t.createStaff('admin');
    expect((await ask(t, staff.email, '203.0.113.40')).statusCode).toBe(200);
    const [mail] = await smtp.waitFor(1);
    const token = tokenIn(mail!.raw);
    expect(token).toMatch(/^[\w-]{40,}$/);
    await expect.poll(async () => (await outboxRows(t)).map((r) => r.status)).toEqual(['sent']);

    const rows = JSON.stringify(await outboxRows(t));
    expect(rows).not.toContain(token);
    expect(rows).not.toMatch(/#token=[\w-]{20,}/);
    if (engine === 'sqlite') {
      const { dir } = await createBackup({ config: t.config, storage: t.storage, dir: path.join(work, 'backup') });
      for (const file of filesUnder(dir)) expect(fs.readFileSync(file).includes(token!), file).toBe(false);
    }

    // The link still does what it says.
    const changed = await t.request({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'a fresh passphrase 77', confirmPassword: 'a fresh passphrase 77' },
    });
    expect(changed.json()).toEqual({ message: PASSWORD_RESET.done });
  });
});

describe('a forgot-password email whose SMTP server is down', () => {
  it('keeps its token only until it is sent, and is sent after a restart', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const smtp = await startSmtpServer();
    try {
      const staff = await t.createStaff('admin');
      expect((await ask(t, staff.email, '203.0.113.41')).statusCode).toBe(200);
      // The first attempt fails: the message waits, its token beside the body rather than in it.
      await expect.poll(async () => (await outboxRows(t))[0]?.last_error ?? null).not.toBeNull();
      await t.app.outbox.stop();
      const [waiting] = await outboxRows(t);
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting!.secret).toMatch(/^[\w-]{40,}$/);
      expect(`${waiting!.text_body}${waiting!.html_body}`).not.toContain(waiting!.secret);

      // The process is gone; another starts with a working SMTP server and sends what was acknowledged.
      const restarted = await buildApp({
        config: { ...t.config, SMTP_URL: smtp.url },
        db: t.db,
        secret: t.config.APP_SECRET!,
        storage: t.storage,
        webRoot: null,
      });
      try {
        expect(await restarted.outbox.runOnce(new Date(Date.now() + DAY_MS))).toMatchObject({ sent: 1 });
      } finally {
        await restarted.close();
      }
      const [mail] = await smtp.waitFor(1);
      expect(tokenIn(mail!.raw)).toBe(waiting!.secret);
      const [sent] = await outboxRows(t);
      expect(sent).toMatchObject({ status: 'sent', secret: null });
      expect(JSON.stringify(sent)).not.toContain(waiting!.secret);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('drops its token when delivery is given up', async () => {
    const t = await createTestApp();
    try {
      await t.app.outbox.stop();
      const id = await queueStaffEmail(t.db, {
        to: 'staff@example.com',
        subject: 'Reset',
        text: `https://visa.example.com/reset-password#token=${OUTBOX_SECRET_PLACEHOLDER}`,
        html: null,
        secret: 'T'.repeat(43),
      });
      const worker = outboxWorker(t, createSmtpMailer(`smtp://127.0.0.1:${await freePort()}`, 'desk@example.com'), { maxAttempts: 1 });
      expect(await worker.runOnce()).toMatchObject({ failed: 1 });
      await worker.close();
      expect(await t.db.selectFrom('outbox').select(['status', 'secret']).where('id', '=', id).executeTakeFirst()).toEqual({
        status: 'failed',
        secret: null,
      });
    } finally {
      await t.close();
    }
  });
});

describe('the mail folder (no SMTP server)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps its .eml files as long as the outbox keeps its rows, then housekeeping deletes them', async () => {
    const staff = await t.createStaff('admin');
    expect((await ask(t, staff.email, '203.0.113.42')).statusCode).toBe(200);
    await expect.poll(async () => (await outboxRows(t)).map((r) => r.status)).toEqual(['sent']);
    const folder = dataDirLayout(t.dataDir).outbox;
    const [eml] = fs.readdirSync(folder);
    expect(eml).toMatch(/\.eml$/);
    // The folder is the delivery: its message holds the working link.
    expect(tokenIn(fs.readFileSync(path.join(folder, eml!), 'utf8'))).toMatch(/^[\w-]{40,}$/);
    // Not a file the mailer writes: left alone.
    fs.writeFileSync(path.join(folder, 'README.txt'), 'operator notes');

    const written = fs.statSync(path.join(folder, eml!)).mtimeMs;
    const housekeeping = (daysLater: number) =>
      runHousekeeping(t.db, {
        auditRetentionDays: 730,
        mailRetentionDays: 90,
        mailFolder: folder,
        now: new Date(written + daysLater * DAY_MS),
      });
    expect(await housekeeping(89)).toMatchObject({ emails: 0, mailFiles: 0 });
    expect(fs.readdirSync(folder).sort()).toEqual(['README.txt', eml].sort());
    expect(await housekeeping(91)).toMatchObject({ emails: 1, mailFiles: 1 });
    expect(fs.readdirSync(folder)).toEqual(['README.txt']);
  });
});

describe('forgot-password emails queued by an earlier version', () => {
  it('lose the token from their bodies: a sent one for good, a waiting one keeps it beside the body until sent', async () => {
    const { db: current, migrator, close } = await databaseBefore('20261126T132000-outbox-secret');
    // The table as it was then: the outbox of emails alone, which a later migration folded into `outbox`.
    const db = current as unknown as Kysely<EarlierOutbox>;
    try {
      const sentToken = 'S'.repeat(43);
      const waitingToken = 'W'.repeat(43);
      const row = (id: string, status: 'sent' | 'queued', token: string) => ({
        id,
        application_id: null,
        to_address: 'staff@example.com',
        subject: PASSWORD_RESET.emailSubject,
        text_body: `Hello\n\nhttps://visa.example.com/reset-password#token=${token}\n`,
        html_body: `<p><a href="https://visa.example.com/reset-password#token=${token}">https://visa.example.com/reset-password#token=${token}</a></p>`,
        status,
        attempts: 1,
        next_attempt_at: '2026-11-20T10:00:00.000Z',
        last_error: null,
        sent_at: null,
        created_at: '2026-11-20T10:00:00.000Z',
      });
      await db
        .insertInto('email_outbox')
        .values([row('a-sent', 'sent', sentToken), row('b-queued', 'queued', waitingToken)])
        .execute();
      const { error } = await migrator.migrateTo('20261126T132000-outbox-secret');
      expect(error).toBeUndefined();
      const rows = await db.selectFrom('email_outbox').select(['id', 'text_body', 'html_body', 'secret']).orderBy('id').execute();
      expect(JSON.stringify(rows)).not.toContain(sentToken);
      expect(rows[0]).toMatchObject({ secret: null, text_body: 'Hello\n\nhttps://visa.example.com/reset-password#token={{secret}}\n' });
      expect(rows[1]!.secret).toBe(waitingToken);
      expect(`${rows[1]!.text_body}${rows[1]!.html_body}`).not.toContain(waitingToken);
      expect(rows[1]!.html_body).toContain('reset-password#token={{secret}}');
    } finally {
      await close();
    }
  });
});
