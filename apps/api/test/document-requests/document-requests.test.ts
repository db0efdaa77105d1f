import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKLISTS, DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { createApplication } from '@visa/test-support/applications';
import { deliveredMail, documentTokenIn } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile, startSite } from '@visa/test-support/file-app';

/** The clock the app keeps links by: moved on by the tests, never waited out. */
let clock = new Date('2026-11-20T08:00:00.000Z');
const t = appForFile({ LOG_LEVEL: process.env.DBG ? 'error' : 'silent' }, { now: () => clock });
const staff = staffForFile(t, 'admin');

const REQUEST_SUBJECT = 'Documents needed / প্রয়োজনীয় কাগজপত্র';

const page = (token: string | undefined, ip = '198.51.100.7') =>
  t.request({ method: 'GET', url: '/api/documents', headers: token === undefined ? {} : { 'x-document-token': token }, remoteAddress: ip });

let lastSendCaching: string | undefined;

async function sendRequest(
  applicationId: string,
  body: Record<string, unknown> = { dueDate: '2026-11-30', checklistItems: ['passport', 'police'] },
) {
  const res = await t.request({
    method: 'POST',
    url: `/api/application/documentRequest/${applicationId}`,
    token: staff.token,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  lastSendCaching = res.headers['cache-control'] as string | undefined;
  return res.json();
}

async function newApplicantWithLink() {
  const application = await createApplication(t.db, { given_name: 'Rahim Uddin', surname: 'Chowdhury', dob: '1990-05-17' });
  const answer = await sendRequest(application.id);
  const token = documentTokenIn(await deliveredMail(t, application.email, REQUEST_SUBJECT));
  return { application, token, answer };
}

describe('document request links', () => {
  it('emails a link whose token opens the list; only its hash is stored and the outbox keeps no token', async () => {
    const { application, token, answer } = await newApplicantWithLink();
    expect(token).toMatch(/^[\w-]{43}$/);
    // The sender is told the channels it went by and given the same link, once, in an answer no cache keeps.
    expect(answer.sent).toEqual({ channels: ['email'], link: `${t.config.publicUrl}/documents#${token}` });
    expect(lastSendCaching).toBe('private, no-store');
    const again = await t.request({ method: 'GET', url: `/api/application/documentRequest/${application.id}`, token: staff.token });
    expect(again.body).not.toContain(token);
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const view = res.json();
    expect(view.firstName).toBe('Rahim');
    expect(view.dueDate).toBe('2026-11-30');
    expect(view.items.map((i: { label: { en: string }; state: string }) => [i.label.en, i.state])).toEqual([
      ['Passport (photo page)', 'to_send'],
      ['Police clearance certificate', 'to_send'],
    ]);
    const stored = JSON.stringify(
      await t.db.selectFrom('document_requests').selectAll().where('application_id', '=', application.id).execute(),
    );
    expect(stored).not.toContain(token);
    const outbox = JSON.stringify(await t.db.selectFrom('outbox').selectAll().where('application_id', '=', application.id).execute());
    expect(outbox).not.toContain(token);
    const audit = await t.db.selectFrom('audit_events').select(['action', 'details']).where('entity_id', '=', application.id).execute();
    expect(audit.map((a) => a.action)).toContain('document_request.sent');
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('shows nothing of the passport, birth date, surname, email, phone or other documents', async () => {
    const { application, token } = await newApplicantWithLink();
    const body = (await page(token)).body;
    for (const secret of [
      application.passport,
      application.dob,
      application.surname,
      application.email,
      application.phone,
      application.id,
    ]) {
      expect(body).not.toContain(secret);
    }
  });

  it('a new request replaces the old link; revoking ends the new one; both answer exactly as a wrong token', async () => {
    const { application, token: first } = await newApplicantWithLink();
    await sendRequest(application.id, { dueDate: '2026-12-05', checklistItems: ['photo'] });
    const second = documentTokenIn(await deliveredMail(t, application.email, REQUEST_SUBJECT));
    expect(second).not.toBe(first);
    const wrong = await page('A'.repeat(43), '198.51.100.20');
    const replaced = await page(first, '198.51.100.20');
    expect((await page(second, '198.51.100.20')).statusCode).toBe(200);

    const revoke = await t.request({ method: 'DELETE', url: `/api/application/documentRequest/${application.id}`, token: staff.token });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().request.status).toBe('revoked');
    const revoked = await page(second, '198.51.100.20');
    const missing = await page(undefined, '198.51.100.20');
    for (const res of [replaced, revoked, missing]) {
      expect(res.statusCode).toBe(wrong.statusCode);
      expect(res.body).toBe(wrong.body);
      expect(res.headers['cache-control']).toContain('no-store');
    }
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({ message: M.linkNotValid });
  });

  it('works until the end of the due date plus the grace days in the office time zone, then answers as a wrong token', async () => {
    const { token } = await newApplicantWithLink();
    // Due 30 November, seven grace days: to the end of 7 December in Dhaka (UTC+6), 18:00 UTC.
    clock = new Date('2026-12-07T17:59:59.999Z');
    expect((await page(token)).statusCode).toBe(200);
    clock = new Date('2026-12-07T18:00:00.000Z');
    const expired = await page(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ message: M.linkNotValid });
    clock = new Date('2026-11-20T08:00:00.000Z');
  });

  it('limits wrong tokens per address', async () => {
    const ip = '198.51.100.99';
    for (let i = 0; i < 20; i++) expect((await page(`x${i}`, ip)).statusCode).toBe(404);
    expect((await page('y', ip)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await page('y', '198.51.100.100')).statusCode).toBe(404);
  });

  it('refuses a due date in the past, an item not on the checklist and an empty request, changing nothing', async () => {
    const application = await createApplication(t.db);
    const send = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: `/api/application/documentRequest/${application.id}`, token: staff.token, payload });
    expect((await send({ dueDate: '2026-11-19', checklistItems: ['passport'] })).json().message).toBe(M.dueDate);
    expect((await send({ dueDate: '2026-11-30', checklistItems: ['nope'] })).json().message).toBe(M.unknownChecklistItem);
    expect((await send({ dueDate: '2026-11-30' })).statusCode).toBe(400);
    expect(await t.db.selectFrom('document_requests').selectAll().where('application_id', '=', application.id).execute()).toEqual([]);
  });

  it('takes a written item beside checklist items, and shows the checklist of the visa type', async () => {
    const application = await createApplication(t.db, { visa_type: 'Student' });
    const view = await sendRequest(application.id, {
      dueDate: '2026-11-30',
      checklistItems: ['admission'],
      customItems: [
        { label: { en: 'Sponsor letter', bn: 'স্পনসর চিঠি' }, required: false, types: ['application/pdf'], maxBytes: 2 * 1024 * 1024 },
      ],
    });
    expect(view.visaType).toBe('Student');
    expect(view.checklist.map((i: { id: string }) => i.id)).toEqual(DEFAULT_CHECKLISTS.Student.map((i) => i.id));
    expect(view.request.items.map((i: { label: { en: string } }) => i.label.en)).toEqual(['Letter of acceptance', 'Sponsor letter']);
  });

  it('keeps staff out without a session, and lets only the owner change the checklists', async () => {
    const application = await createApplication(t.db);
    expect((await t.request({ method: 'GET', url: `/api/application/documentRequest/${application.id}` })).statusCode).toBe(401);
    const settings = { checklists: DEFAULT_CHECKLISTS, graceDays: 3 };
    const put = (token: string) => t.request({ method: 'PUT', url: '/api/users/settings/document-requests', token, payload: settings });
    expect((await put(staff.token)).statusCode).toBe(403);
    const owner = await t.createStaff('superadmin');
    expect((await put(owner.token)).statusCode).toBe(200);
    const read = await t.request({ method: 'GET', url: '/api/users/settings/document-requests', token: owner.token });
    expect(read.json().graceDays).toBe(3);
    const tooBig = {
      ...settings,
      checklists: { ...DEFAULT_CHECKLISTS, Work: [{ ...DEFAULT_CHECKLISTS.Work[0]!, maxBytes: 50 * 1024 * 1024 }] },
    };
    const refused = await t.request({ method: 'PUT', url: '/api/users/settings/document-requests', token: owner.token, payload: tooBig });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.maxBytes);
  });

  it('serves the page itself no-store in both languages', async () => {
    const html = '<!doctype html><html><body><main><div></div></main></body></html>';
    const site = await startSite(t, {
      'index.html': html,
      'documents/index.html': html,
      'bn/documents/index.html': html,
      'about/index.html': html,
    });
    try {
      for (const url of ['/documents', '/documents/', '/bn/documents']) {
        const res = await site.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
      expect((await site.inject({ method: 'GET', url: '/about' })).headers['cache-control']).toBe('no-cache');
    } finally {
      await site.close();
    }
  });
});
