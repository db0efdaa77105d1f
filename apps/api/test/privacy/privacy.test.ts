import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '@visa/shared/notices';
import { SERVER } from '@visa/shared/ui-texts';
import { DEFAULT_PRIVACY_NOTICE } from '@visa/shared/privacy-notice-view';
import { CONSENT_FIELD, PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import { LIMITS } from '@visa/shared/limits';
import { addApplication, applicationFields, createApplication, tableCounts } from '@visa/test-support/applications';
import { appForFile, auditDetails, staffForFile, startSite } from '@visa/test-support/file-app';
import { type TestSmtpServer, startSmtpServer } from '@visa/test-support/smtp';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { queueStatusText } from '../../src/modules/domain/applicant-notices/outbox-repository.js';
import { documentsForm, jpegPart, pngPart } from '../applicant-file/fixtures.js';

const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' });
const owner = staffForFile(t, 'superadmin', { name: 'Owner Person' });
const staff = staffForFile(t, 'admin', { name: 'Nadia Staff' });

beforeAll(async () => {
  await t.app.outbox.stop();
});

const publish = (bodyEn: string, bodyBn: string, token = owner.token) =>
  t.request({ method: 'POST', url: '/api/privacy/notices', token, payload: { bodyEn, bodyBn } });
const requireConsent = (required: boolean, token = owner.token) =>
  t.request({ method: 'PUT', url: '/api/privacy/consent-setting', token, payload: { required } });
const consentOf = async (id: string) => (await t.request({ method: 'GET', url: `/api/privacy/consent/${id}`, token: staff.token })).json();

/** A built privacy page as React prerenders it: the default notice in its slot. */
const builtPage = (language: 'en' | 'bn') =>
  `<!DOCTYPE html><html lang="${language}"><head><title>Privacy</title></head><body><main><h1>Privacy</h1>` +
  `<div class="privacy-notice" data-privacy-notice="${language}"><p>Standard text</p><!--/privacy-notice--></div>` +
  `<div data-office-contact="page-${language}"></div></main></body></html>`;

describe('an office that has published no notice', () => {
  const fresh = appForFile();
  const freshOwner = staffForFile(fresh, 'superadmin');
  it('cannot require consent at intake yet: there is no version to agree to', async () => {
    const res = await fresh.request({
      method: 'PUT',
      url: '/api/privacy/consent-setting',
      token: freshOwner.token,
      payload: { required: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRIVACY_TEXTS.publishFirst);
    const consent = await fresh.request({ method: 'GET', url: '/api/privacy/notice', token: freshOwner.token });
    expect(consent.json().consentRequired).toBe(false);
  });
});

describe('the privacy notice', () => {
  it('is published by the owner alone, as numbered versions with their date, each audited', async () => {
    const empty = await publish('  ', 'বিজ্ঞপ্তি');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PRIVACY_TEXTS.bodyRequired('English'));
    expect((await publish('Text', 'লেখা', staff.token)).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/privacy/notices', payload: { bodyEn: 'a', bodyBn: 'b' } })).statusCode).toBe(401);

    const before = (await t.request({ method: 'GET', url: '/api/privacy/notice', token: staff.token })).json();
    expect(before.current).toBeNull();
    expect(before.defaults.bodyEn).toBe(DEFAULT_PRIVACY_NOTICE.en);
    expect(before.consentRequired).toBe(false);

    const first = await publish('We hold your passport number.\r\n\r\nAsk us.', 'আমরা আপনার পাসপোর্ট নম্বর রাখি।');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, bodyEn: 'We hold your passport number.\n\nAsk us.', publishedBy: 'Owner Person' });
    const second = await publish('Version two <script>alert(1)</script>\n\nSecond paragraph.', 'দ্বিতীয় সংস্করণ');
    expect(second.json().version).toBe(2);

    const list = await t.request({ method: 'GET', url: '/api/privacy/notices', token: owner.token });
    expect(list.json().notices.map((n: { version: number }) => n.version)).toEqual([2, 1]);
    expect((await t.request({ method: 'GET', url: '/api/privacy/notices', token: staff.token })).statusCode).toBe(403);
    expect(await auditDetails(t, '2', 'privacy.notice_published')).toEqual([{ version: 2 }]);
  });

  it('is filled into the privacy pages in each language, escaped, with its version and date', async () => {
    const site = await startSite(
      t,
      {
        'privacy/index.html': builtPage('en'),
        'bn/privacy/index.html': builtPage('bn'),
        '__spa-fallback.html': '<!DOCTYPE html><html><head></head><body><p>Loading</p></body></html>',
      },
      { APP_TIMEZONE: 'Asia/Dhaka' },
    );
    try {
      const en = (await site.inject({ method: 'GET', url: '/privacy' })).body;
      const current = (await t.request({ method: 'GET', url: '/api/privacy/notice', token: staff.token })).json().current;
      expect(en).not.toContain('Standard text');
      expect(en).toContain('Version 2, published');
      expect(en).toContain('<p>Version two &lt;script&gt;alert(1)&lt;/script&gt;</p><p>Second paragraph.</p>');
      expect(en).not.toContain('<script>alert(1)');
      const bn = (await site.inject({ method: 'GET', url: '/bn/privacy' })).body;
      expect(bn).toContain('সংস্করণ ২, প্রকাশিত');
      expect(bn).toContain('<p>দ্বিতীয় সংস্করণ</p>');

      // A new version shows on the next page, with nothing to invalidate by hand.
      await publish('Third text', 'তৃতীয়');
      const after = (await site.inject({ method: 'GET', url: '/privacy' })).body;
      expect(after).toContain('Version 3, published');
      expect(after).toContain('<p>Third text</p>');
      expect(current.version).toBe(2);
    } finally {
      await site.close();
    }
  });
});

describe('consent at intake', () => {
  it('is optional by default: an application added without it has consent unknown', async () => {
    const res = await addApplication(t, staff.token, applicationFields({ email: 'no-consent@example.com', passport: 'NC1234567' }));
    expect(res.statusCode).toBe(201);
    expect(await consentOf(res.json()._id)).toEqual({ version: null, recordedBy: null, recordedAt: null, withdrawnAt: null });
  });

  it('when required, refuses an application without the agreement with a message under the box, and changes nothing', async () => {
    expect((await requireConsent(true, staff.token)).statusCode).toBe(403);
    expect((await requireConsent(true)).json()).toEqual({ required: true });
    try {
      const before = await tableCounts(t);
      const missing = await addApplication(t, staff.token, applicationFields({ email: 'req1@example.com', passport: 'RQ1234567' }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        message: PRIVACY_TEXTS.consentRequired,
        errors: [{ path: CONSENT_FIELD, message: PRIVACY_TEXTS.consentRequired }],
      });
      const stale = await addApplication(t, staff.token, {
        ...applicationFields({ email: 'req2@example.com', passport: 'RQ7654321' }),
        [CONSENT_FIELD]: '1',
      });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toBe(PRIVACY_TEXTS.consentVersionChanged(3));
      const junk = await addApplication(t, staff.token, {
        ...applicationFields({ email: 'req2@example.com', passport: 'RQ7654321' }),
        [CONSENT_FIELD]: '3; drop',
      });
      expect(junk.json().message).toBe(PRIVACY_TEXTS.consentVersionInvalid);
      expect(await tableCounts(t)).toEqual(before);

      const ok = await addApplication(t, staff.token, {
        ...applicationFields({ email: 'req3@example.com', passport: 'RQ1112223' }),
        [CONSENT_FIELD]: '3',
      });
      expect(ok.statusCode).toBe(201);
      const consent = await consentOf(ok.json()._id);
      expect(consent).toMatchObject({ version: 3, recordedBy: 'Nadia Staff', withdrawnAt: null });
      expect(consent.recordedAt).toEqual(expect.any(String));
      const history = await listAuditFor(t.db, 'application', ok.json()._id);
      expect(history.map((e) => e.action)).toEqual(['application.create', 'message.consent', 'privacy.consent_recorded']);
      expect(history[2]!.details).toEqual({ version: 3 });
    } finally {
      await requireConsent(false);
    }
  });

  it('an imported or older application (no consent columns set) reads as unknown', async () => {
    const row = await createApplication(t.db);
    expect(await consentOf(row.id)).toEqual({ version: null, recordedBy: null, recordedAt: null, withdrawnAt: null });
    expect((await t.request({ method: 'GET', url: `/api/privacy/consent/${'0'.repeat(24)}`, token: staff.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/privacy/consent/nope', token: staff.token })).statusCode).toBe(400);
  });
});

describe('withdrawing consent', () => {
  it('cancels what is queued for the applicant, sends nothing more, and is recorded once', async () => {
    const withdrawn = await createApplication(t.db, { email: 'withdrawn@example.com' });
    const other = await createApplication(t.db, { email: 'other@example.com' });
    const act = (id: string, action: 'Approve' | 'Reject' | 'Pending') =>
      t.request({ method: 'PUT', url: `/api/application/updateApplication${action}/${id}`, payload: {}, token: staff.token });
    expect((await act(withdrawn.id, 'Approve')).statusCode).toBe(200);
    expect((await act(other.id, 'Approve')).statusCode).toBe(200);
    const queued = (id: string) =>
      t.db.selectFrom('outbox').select(['id', 'status']).where('channel', '=', 'email').where('application_id', '=', id).execute();
    expect(await queued(withdrawn.id)).toHaveLength(1);
    // A text message waiting for the same applicant ends too.
    await queueStatusText(t.db, { applicationId: withdrawn.id, channel: 'sms', fromStatus: 'pending', dueAt: new Date(), now: new Date() });

    const unconfirmed = await t.request({
      method: 'POST',
      url: `/api/privacy/consent/${withdrawn.id}/withdraw`,
      token: staff.token,
      payload: {},
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(await queued(withdrawn.id)).toHaveLength(1);
    const res = await t.request({
      method: 'POST',
      url: `/api/privacy/consent/${withdrawn.id}/withdraw`,
      token: staff.token,
      payload: { confirm: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawnAt).toEqual(expect.any(String));
    expect(await queued(withdrawn.id)).toEqual([]);
    expect(await queued(other.id)).toHaveLength(1);
    const text = await t.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('channel', '=', 'sms')
      .where('application_id', '=', withdrawn.id)
      .execute();
    expect(text).toEqual([{ status: 'skipped', last_error: 'consent withdrawn' }]);
    expect(await auditDetails(t, withdrawn.id, 'privacy.consent_withdrawn')).toEqual([{ cancelledEmails: 1, cancelledTexts: 1 }]);

    const again = await t.request({
      method: 'POST',
      url: `/api/privacy/consent/${withdrawn.id}/withdraw`,
      token: staff.token,
      payload: { confirm: true },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRIVACY_TEXTS.alreadyWithdrawn);

    // Later changes queue nothing for them, and still do for others.
    expect((await act(withdrawn.id, 'Reject')).statusCode).toBe(200);
    expect((await act(other.id, 'Reject')).statusCode).toBe(200);
    expect(await queued(withdrawn.id)).toEqual([]);
    expect(await queued(other.id)).toHaveLength(2);
    expect(
      await t.db.selectFrom('outbox').select('id').where('channel', '=', 'sms').where('application_id', '=', withdrawn.id).execute(),
    ).toHaveLength(1);
    // No document link either: the request is refused, and nothing of it kept.
    const request = await t.request({
      method: 'POST',
      url: `/api/application/documentRequest/${withdrawn.id}`,
      token: staff.token,
      payload: { dueDate: '2099-01-31', checklistItems: ['passport'] },
    });
    expect(request.statusCode).toBe(409);
    expect(request.json().message).toBe(CONTACT_TEXTS.consentWithdrawn);
    expect(await t.db.selectFrom('document_requests').select('id').where('application_id', '=', withdrawn.id).execute()).toEqual([]);
    expect(
      (await t.request({ method: 'POST', url: `/api/privacy/consent/${withdrawn.id}/withdraw`, payload: { confirm: true } })).statusCode,
    ).toBe(401);
  });
});

describe('withdrawing consent, as the mail server sees it', () => {
  let smtp: TestSmtpServer;
  let mailApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailApp = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Visa Desk <desk@example.com>' });
    await mailApp.app.outbox.stop();
  });
  afterAll(async () => {
    await mailApp.close();
    await smtp.close();
  });

  it('the queued status email of an applicant who withdrew is never delivered; another applicant still gets theirs', async () => {
    const member = await mailApp.createStaff('admin');
    const kept = await createApplication(mailApp.db, { email: 'kept@example.com' });
    const gone = await createApplication(mailApp.db, { email: 'gone@example.com' });
    for (const id of [kept.id, gone.id]) {
      const res = await mailApp.request({
        method: 'PUT',
        url: `/api/application/updateApplicationApprove/${id}`,
        payload: {},
        token: member.token,
      });
      expect(res.statusCode).toBe(200);
    }
    const withdraw = await mailApp.request({
      method: 'POST',
      url: `/api/privacy/consent/${gone.id}/withdraw`,
      token: member.token,
      payload: { confirm: true },
    });
    expect(withdraw.statusCode).toBe(200);
    expect(await mailApp.app.outbox.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received.flatMap((m) => m.to)).toEqual(['kept@example.com']);
  });
});

describe("the applicant's data", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-privacy-zip-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The ZIP as unzip reads it: its entries and each one's bytes. */
  function unzip(bytes: Buffer) {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
    fs.writeFileSync(file, bytes);
    const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    const read = (name: string) => execFileSync('unzip', ['-p', file, name]);
    // -t checks every entry's CRC: the stream was written whole.
    expect(execFileSync('unzip', ['-tq', file], { encoding: 'utf8' })).toContain('No errors detected');
    return { names, read, json: (name: string) => JSON.parse(read(name).toString('utf8')) };
  }

  it('is a ZIP of the record, its history, the consent, the photo and each document by its label; audited; never cached', async () => {
    const added = await addApplication(t, staff.token, {
      ...applicationFields({ email: 'zip@example.com', passport: 'ZP1234567' }),
      [CONSENT_FIELD]: '3',
    });
    const id = added.json()._id as string;
    const docs = await t.request({
      method: 'PUT',
      url: `/api/application/updateApplicationAdd/${id}`,
      payload: documentsForm([await jpegPart('letter.jpg'), await pngPart('work.png')], ['Job Letter', 'Work Permit']) as unknown as Record<
        string,
        unknown
      >,
      token: staff.token,
    });
    expect(docs.statusCode, docs.body).toBe(200);
    const caseUrl = `/api/application/case/${id}`;
    const payloads = [
      [`${caseUrl}/steps`, { kind: 'submitted', date: '2026-01-05', irccNumber: 'w 123456789', note: 'Fee paid' }],
      [`${caseUrl}/letters`, { kind: 'biometrics', letterDate: '2026-01-10' }],
    ] as const;
    for (const [url, payload] of payloads) {
      const step = await t.request({ method: 'POST', url, payload, token: staff.token });
      expect(step.statusCode, `${url} ${step.body}`).toBe(200);
    }

    const res = await t.request({ method: 'GET', url: `/api/privacy/applicant-data/${id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="applicant-data-${id}.zip"`);
    const zip = unzip(res.rawPayload);
    expect(zip.names.sort()).toEqual(
      [
        'case.json',
        'consent.json',
        'documents/01-Job-Letter.jpg',
        'documents/02-Work-Permit.jpg',
        'history.json',
        'money.json',
        'photo.jpg',
        'record.json',
      ].sort(),
    );
    // The case in words, without who on staff did what.
    expect(zip.json('case.json')).toEqual({
      stage: 'biometrics',
      stageName: 'Biometrics',
      irccNumber: 'W123456789',
      letters: [
        { kind: 'biometrics', what: 'Biometric instruction letter', letterDate: '2026-01-10', deadline: '2026-02-09', doneOn: null },
      ],
      timeline: [
        { kind: 'submitted', what: 'Submitted to IRCC', stage: 'submitted', stageName: 'Submitted to IRCC', date: '2026-01-05' },
        { kind: 'letter', what: 'Letter received', stage: 'biometrics', stageName: 'Biometrics', date: '2026-01-10' },
      ],
      passport: { holder: 'applicant', handovers: [] },
    });
    const record = zip.json('record.json');
    expect(record).toMatchObject({ _id: id, passport: 'ZP1234567', email: 'zip@example.com', photo: 'photo.jpg', missingFiles: [] });
    expect(record.documents).toEqual([
      { label: 'Job Letter', file: 'documents/01-Job-Letter.jpg' },
      { label: 'Work Permit', file: 'documents/02-Work-Permit.jpg' },
    ]);
    expect(JSON.stringify(record)).not.toMatch(/signature|\/files\//);
    const history = zip.json('history.json');
    expect(history.history.map((e: { action: string }) => e.action)).toContain('privacy.consent_recorded');
    expect(history.history.map((e: { what: string }) => e.what)).toContain('Privacy consent recorded');
    expect(zip.json('consent.json')).toMatchObject({ version: 3, recordedBy: 'Nadia Staff', notice: { version: 3, bodyEn: 'Third text' } });

    const keys = await t.db
      .selectFrom('application_documents')
      .select('storage_key')
      .where('application_id', '=', id)
      .orderBy('position')
      .execute();
    const stored = await t.storage.get(keys[0]!.storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
    expect(zip.read('documents/01-Job-Letter.jpg').equals(Buffer.concat(chunks))).toBe(true);
    expect(zip.read('photo.jpg').subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(await auditDetails(t, id, 'privacy.data_downloaded')).toEqual([{ documents: 2, photo: true }]);
  });

  it('is for signed-in staff, answers 404 for an unknown application, and is limited per member of staff', async () => {
    const row = await createApplication(t.db);
    expect((await t.request({ method: 'GET', url: `/api/privacy/applicant-data/${row.id}` })).json()).toEqual({
      message: SERVER.unauthorized,
    });
    expect((await t.request({ method: 'GET', url: `/api/privacy/applicant-data/${'0'.repeat(24)}`, token: owner.token })).statusCode).toBe(
      404,
    );
    const limited = await t.createStaff('admin');
    const { limit } = LIMITS.personalData.downloadsPerStaff;
    for (let i = 0; i < limit; i++) {
      expect((await t.request({ method: 'GET', url: `/api/privacy/applicant-data/${row.id}`, token: limited.token })).statusCode).toBe(200);
    }
    const refused = await t.request({ method: 'GET', url: `/api/privacy/applicant-data/${row.id}`, token: limited.token });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    // Another member of staff is not held back by it.
    expect((await t.request({ method: 'GET', url: `/api/privacy/applicant-data/${row.id}`, token: staff.token })).statusCode).toBe(200);
  });
});
