import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { CONTACT_TEXTS, DEFAULT_MESSAGE_SETTINGS } from '@visa/shared/notices';
import { createApplication } from '@visa/test-support/applications';
import { deliveredMail, documentTokenIn } from '@visa/test-support/document-request-links';
import { jpeg } from '@visa/test-support/images';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { type FakeProviders, startFakeProviders } from '@visa/test-support/text-providers';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';

/**
 * "May we contact this applicant" (ADR 0064), as staff and the applicant see it: once erased, or
 * once consent is withdrawn, nothing reaches them by any channel and their record takes nothing
 * new. Each refusal is a 409 with its message and changes nothing; their old link opens nothing.
 */

const clock = new Date('2026-11-20T08:00:00.000Z');
let fake: FakeProviders;
let t: TestApp;
let token: string;
let base: string;

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp(
    { SMS_PROVIDER: 'http', SMS_HTTP_URL: `${fake.url}/sms`, SMS_HTTP_PARAMS: 'number={to}&message={text}' },
    { now: () => clock },
  );
  await t.app.outbox.stop();
  await setSetting(t.db, 'messages', { ...DEFAULT_MESSAGE_SETTINGS, channels: { sms: true, whatsapp: false } }, null);
  token = (await t.createStaff('superadmin')).token;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const SUBJECT = 'Documents needed / প্রয়োজনীয় কাগজপত্র';
const TUS = { 'tus-resumable': '1.0.0' };
const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url, token, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const newRequest = (id: string) =>
  staff('POST', `/api/application/documentRequest/${id}`, { dueDate: '2026-11-30', checklistItems: ['passport', 'police'] });
const outboxOf = (id: string) => t.db.selectFrom('outbox').select(['id', 'channel']).where('application_id', '=', id).execute();

async function upload(link: string, itemId: string) {
  const bytes = await jpeg(40, 30);
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: { ...TUS, 'x-document-token': link, 'upload-length': String(bytes.length), 'upload-metadata': `item ${btoa(itemId)}` },
  });
  if (created.status !== 201) return created;
  return fetch(`${base}${created.headers.get('location')!}`, {
    method: 'PATCH',
    headers: { ...TUS, 'x-document-token': link, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
}

/** An applicant who agreed to email and SMS, with a link emailed, one item received through it. */
async function applicantWithLink() {
  const row = await createApplication(t.db, { given_name: 'Rahim', phone: `+88017${String(Date.now()).slice(-8)}` });
  await setAgreedChannels(t.db, row.id, ['email', 'sms'], null, clock);
  const sent = await newRequest(row.id);
  expect(sent.statusCode, sent.body).toBe(200);
  const items = sent.json().request.items as { id: string }[];
  const link = documentTokenIn(await deliveredMail(t, row.email, SUBJECT));
  expect((await upload(link, items[0]!.id)).status).toBe(204);
  return { row, link, items };
}

/** Everything the refused actions could change. */
async function snapshot(id: string) {
  return {
    outbox: await outboxOf(id),
    requests: await t.db.selectFrom('document_requests').selectAll().where('application_id', '=', id).execute(),
    documents: await t.db.selectFrom('application_documents').selectAll().where('application_id', '=', id).execute(),
    mail: fs.readdirSync(dataDirLayout(t.dataDir).outbox).sort(),
  };
}

const withheldCases = [
  {
    name: 'erased',
    message: CONTACT_TEXTS.erased,
    staffUpload: APPLICATION_TEXTS.erased,
    act: (row: { id: string; passport: string }) =>
      staff('POST', `/api/application/eraseApplication/${row.id}`, { reason: 'Asked to be forgotten', confirmation: row.passport }),
  },
  {
    name: 'consent withdrawn',
    message: CONTACT_TEXTS.consentWithdrawn,
    staffUpload: CONTACT_TEXTS.consentWithdrawn,
    act: (row: { id: string }) => staff('POST', `/api/privacy/consent/${row.id}/withdraw`, { confirm: true }),
  },
];

describe.each(withheldCases)('an applicant $name', ({ message, staffUpload, act }) => {
  it('is sent nothing, their record takes nothing new, and every refusal says why and changes nothing', async () => {
    const { row, link, items } = await applicantWithLink();
    expect((await act(row)).statusCode).toBe(200);
    await t.app.outbox.runOnce();
    const before = await snapshot(row.id);

    // Their link is ended for staff to see, and their notify answers none, not the default meant for older applications.
    expect((await staff('GET', `/api/application/documentRequest/${row.id}`)).json().request.status).toBe('revoked');
    expect((await staff('GET', `/api/application/fetchApplication/${row.id}`)).json().notify).toEqual([]);
    // Staff actions that would reach them or add to their record: 409 with the reason.
    const refusals = [
      await newRequest(row.id),
      await staff('POST', `/api/application/documentRequest/${row.id}/items/${items[0]!.id}/accept`),
      await staff('POST', `/api/application/documentRequest/${row.id}/items/${items[0]!.id}/ask-again`, { reason: 'Blurred' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(await jpeg(30, 20))], { type: 'image/jpeg' }), 'letter.jpg');
    form.append('label', 'Visa');
    const added = await staff('PUT', `/api/application/updateApplicationAdd/${row.id}`, form);
    expect(added.statusCode).toBe(409);
    expect(added.json().message).toBe(staffUpload);
    // A status still changes (ADR 0059) and tells them nothing.
    expect((await staff('PUT', `/api/application/updateApplicationApprove/${row.id}`, {})).statusCode).toBe(200);
    await t.app.outbox.runOnce();
    const after = await snapshot(row.id);
    expect(after).toEqual(before);

    // Their old link answers as an expired one, and takes no file.
    const page = await t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': link } });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toBe(M.linkNotValid);
    const sent = await upload(link, items[1]!.id);
    expect(sent.status).toBe(404);
    expect(((await sent.json()) as { message: string }).message).toBe(M.linkNotValid);
  });
});

describe('consent withdrawn while an email is being sent', () => {
  it('the worker asks again at send time: the email is dropped, no .eml is written, the history says why', async () => {
    const row = await createApplication(t.db, { given_name: 'Karim' });
    expect((await staff('PUT', `/api/application/updateApplicationApprove/${row.id}`, {})).statusCode).toBe(200);
    const [queued] = await outboxOf(row.id);
    // Withdrawn after the worker claimed it: the cancel of waiting messages did not see it.
    await t.db.updateTable('outbox').set({ status: 'sending', attempts: 1 }).where('id', '=', queued!.id).execute();
    await t.db.updateTable('applications').set({ consent_withdrawn_at: clock.toISOString() }).where('id', '=', row.id).execute();
    await t.db.updateTable('outbox').set({ status: 'queued' }).where('id', '=', queued!.id).execute();
    await t.app.outbox.runOnce();
    expect(fs.existsSync(path.join(dataDirLayout(t.dataDir).outbox, `${queued!.id}.eml`))).toBe(false);
    expect(await outboxOf(row.id)).toEqual([]);
    const history = await t.db.selectFrom('audit_events').select(['action', 'details']).where('entity_id', '=', row.id).execute();
    expect(history.find((e) => e.action === 'email.failed')?.details).toContain('not sent: consent withdrawn');
  });
});

describe('a test message', () => {
  it('is refused to the number of an applicant who withdrew consent', async () => {
    const { row } = await applicantWithLink();
    expect((await staff('POST', `/api/privacy/consent/${row.id}/withdraw`, { confirm: true })).statusCode).toBe(200);
    const sentBefore = fake.received.length;
    const res = await staff('POST', '/api/users/settings/messages/test', { channel: 'sms', to: row.phone });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CONTACT_TEXTS.testNumberWithheld);
    expect(fake.received.length).toBe(sentBefore);
  });
});
