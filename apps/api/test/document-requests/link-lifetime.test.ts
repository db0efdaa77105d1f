import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECKLISTS, DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { createApplication } from '@visa/test-support/applications';
import { deliveredMail, documentTokenIn, emlText } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { jpeg } from '@visa/test-support/images';
import { loadConfig } from '../../src/config.js';
import { latestLinkExpiry, linkBoundOf } from '../../src/lib/link-lifetime.js';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { moveItem } from '../../src/modules/domain/document-requests/repository.js';

/** A document request's link lives at most LINK_MAX_DAYS, its grace days included (ADR 0065). */

// Noon in Dhaka on 28 November: the office's today.
const clock = new Date('2026-11-28T06:00:00.000Z');
const t = appForFile({ LINK_MAX_DAYS: '90', APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => clock });
const staff = staffForFile(t, 'admin');

const REQUEST_SUBJECT = 'Documents needed / প্রয়োজনীয় কাগজপত্র';

const send = (applicationId: string, dueDate: string) =>
  t.request({
    method: 'POST',
    url: `/api/application/documentRequest/${applicationId}`,
    token: staff.token,
    payload: { dueDate, checklistItems: ['passport'] },
  });
const view = (applicationId: string) =>
  t.request({ method: 'GET', url: `/api/application/documentRequest/${applicationId}`, token: staff.token });
const graceDays = (days: number) => setSetting(t.db, 'documentRequests', { checklists: DEFAULT_CHECKLISTS, graceDays: days }, null);
const page = (token: string) => t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': token } });

describe('document request links live at most LINK_MAX_DAYS', () => {
  it('take a due date up to the bound less the grace days, and refuse a later one with the reason, keeping nothing', async () => {
    await graceDays(7);
    const application = await createApplication(t.db, { given_name: 'Rahim', surname: 'Chowdhury' });
    // 90 days from 28 November is 26 February; less seven grace days, the latest due date is 19 February.
    expect((await view(application.id)).json().latestDueDate).toBe('2027-02-19');

    for (const dueDate of ['2027-02-20', '2999-12-31']) {
      const refused = await send(application.id, dueDate);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(M.dueDateTooLate('2027-02-19', 90, 7));
      expect(refused.json().message).toBe(
        'Please enter a due date no later than 19 Feb 2027: a link works at most 90 days, including the 7 grace days after its due date.',
      );
    }
    expect(await t.db.selectFrom('document_requests').select('id').where('application_id', '=', application.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('outbox').select('id').where('application_id', '=', application.id).execute()).toEqual([]);

    const sent = await send(application.id, '2027-02-19');
    expect(sent.statusCode, sent.body).toBe(200);
    // It works to the end of 26 February in Dhaka, and not a moment past the bound.
    expect(sent.json().request.expiresAt).toBe('2027-02-26T18:00:00.000Z');
    expect(Date.parse(sent.json().request.expiresAt)).toBeLessThanOrEqual(latestLinkExpiry(linkBoundOf(t.config), clock).getTime());
  });

  it('moves the latest due date with the grace period: without grace days, the due date itself may be the last day', async () => {
    await graceDays(0);
    const application = await createApplication(t.db, { given_name: 'Karim', surname: 'Ahmed' });
    expect((await view(application.id)).json().latestDueDate).toBe('2027-02-26');
    expect((await send(application.id, '2027-02-27')).json().message).toBe(M.dueDateTooLate('2027-02-26', 90, 0));
    const sent = await send(application.id, '2027-02-26');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().request.expiresAt).toBe('2027-02-26T18:00:00.000Z');
    await graceDays(7);
  });

  it('asking for a document again sends no new link: the one link keeps its end', async () => {
    await graceDays(7);
    const application = await createApplication(t.db, { given_name: 'Salma', surname: 'Begum' });
    const sent = (await send(application.id, '2027-02-19')).json();
    const token = documentTokenIn(await deliveredMail(t, application.email, REQUEST_SUBJECT));
    const item = sent.request.items[0];
    await t.storage.put(`private/asked-${item.id}.jpg`, await jpeg(), 'image/jpeg');
    await moveItem(t.db, item.id, ['to_send'], 'received', { storage_key: `private/asked-${item.id}.jpg` }, clock.toISOString());

    const asked = await t.request({
      method: 'POST',
      url: `/api/application/documentRequest/${application.id}/items/${item.id}/ask-again`,
      token: staff.token,
      payload: { reason: 'The page is cut off.' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().request.expiresAt).toBe(sent.request.expiresAt);
    const mail = emlText(await deliveredMail(t, application.email, 'Please send a document again / আবার পাঠান'));
    expect(mail).toContain('Please use the link of our earlier email.');
    expect(mail).not.toContain('/documents');
    expect(mail).not.toContain(token);
    expect((await page(token)).statusCode).toBe(200);
  });

  it('is a setting with a safe default, refused outside its range', () => {
    expect(loadConfig({ DATA_DIR: '/srv/visa' }).LINK_MAX_DAYS).toBe(180);
    expect(loadConfig({ DATA_DIR: '/srv/visa', LINK_MAX_DAYS: '61' }).LINK_MAX_DAYS).toBe(61);
    for (const bad of ['60', '366', '0', '90.5', 'forever']) {
      expect(() => loadConfig({ DATA_DIR: '/srv/visa', LINK_MAX_DAYS: bad })).toThrow(
        `Invalid configuration: LINK_MAX_DAYS must be a whole number between 61 and 365 (got "${bad}")`,
      );
    }
  });
});
