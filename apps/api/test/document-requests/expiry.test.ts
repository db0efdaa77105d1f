import { describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { deliveredMail, documentTokenIn } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { setSetting } from '../../src/modules/kernel/settings/repository.js';
import { DEFAULT_CHECKLISTS } from '@visa/shared/document-requests';

/** A link's last day is the office's calendar day (APP_TIMEZONE), also west of UTC and across a clock change. */

let clock = new Date('2026-03-04T15:00:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'America/Toronto' }, { now: () => clock });
const staff = staffForFile(t, 'admin');

const page = (token: string) => t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': token } });

describe('link expiry in the office time zone', () => {
  it('ends at local midnight after the due date plus the grace days, after a daylight-saving change', async () => {
    await setSetting(t.db, 'documentRequests', { checklists: DEFAULT_CHECKLISTS, graceDays: 2 }, null);
    const application = await createApplication(t.db, { given_name: 'Rahim', surname: 'Chowdhury' });
    const res = await t.request({
      method: 'POST',
      url: `/api/application/documentRequest/${application.id}`,
      token: staff.token,
      payload: { dueDate: '2026-03-06', checklistItems: ['passport'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Due 6 March, two grace days: to the end of 8 March in Toronto, which moved to UTC-4 that morning.
    expect(res.json().request.expiresAt).toBe('2026-03-09T04:00:00.000Z');
    const token = documentTokenIn(await deliveredMail(t, application.email, 'Documents needed / প্রয়োজনীয় কাগজপত্র'));
    // Past midnight UTC on the 9th, still the 8th in Toronto: the link works.
    clock = new Date('2026-03-09T03:59:59.999Z');
    expect((await page(token)).statusCode).toBe(200);
    clock = new Date('2026-03-09T04:00:00.000Z');
    expect((await page(token)).statusCode).toBe(404);
    const later = await t.createStaff('admin');
    const view = await t.request({ method: 'GET', url: `/api/application/documentRequest/${application.id}`, token: later.token });
    expect(view.json().request.status).toBe('expired');
  });
});
