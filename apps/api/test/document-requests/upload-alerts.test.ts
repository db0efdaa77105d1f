import { afterAll, describe, expect, it } from 'vitest';
import { UPLOAD_ALERT_SUBJECT } from '@visa/shared/email-texts';
import { createApplication } from '@visa/test-support/applications';
import { documentTokenIn, emlText } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { freePort } from '@visa/test-support/ports';
import { startSmtpServer } from '@visa/test-support/smtp';
import { getSetting, setSetting } from '../../src/modules/kernel/settings/repository.js';
import { type Link, realPdf, tusClient } from './tus-client.js';

/**
 * Staff are told when an applicant sends files by link (ADR 0069): through the outbox and a real
 * SMTP server, at most once an hour per application by the test's clock, to the sender or to
 * every staff account as the office chose, never to a removed account, and with nothing of the
 * applicant but the application's reference.
 */

const port = await freePort();
const smtp = await startSmtpServer(port);
afterAll(() => smtp.close());
let clock = new Date('2026-11-20T08:00:00.000Z');
const t = appForFile({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Visa Desk <desk@example.com>' }, { now: () => clock });
const sender = staffForFile(t, 'admin');
const { create, patch } = tusClient(t, sender);

const alerts = () => smtp.received.filter((m) => m.subject === UPLOAD_ALERT_SUBJECT);
const minutes = (n: number) => (clock = new Date(clock.getTime() + n * 60_000));

/** A request sent by `by` for a new applicant, its link taken from the email the SMTP server received. */
async function newLink(by: { token: string }): Promise<Link & { email: string; passport: string; surname: string }> {
  const application = await createApplication(t.db, { given_name: 'Rahim', surname: 'Chowdhury' });
  const res = await t.request({
    method: 'POST',
    url: `/api/application/documentRequest/${application.id}`,
    token: by.token,
    payload: { dueDate: '2026-11-30', checklistItems: ['passport', 'police'] },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.outbox.runOnce(clock);
  const mail = smtp.received.findLast((m) => m.to.includes(application.email));
  const token = documentTokenIn(emlText(mail!.raw));
  return { applicationId: application.id, token, items: res.json().request.items, ...application };
}

/** The applicant sends one item's file, whole, and the outbox then runs. */
async function send(link: Link, item: number) {
  const pdf = await realPdf(1);
  const created = await create(link, link.items[item]!.id, pdf.length);
  expect(created.status).toBe(201);
  expect((await patch(link, created.headers.get('location')!, 0, pdf)).status).toBe(204);
  await t.app.outbox.runOnce(clock);
}

describe('staff told of files sent by link', () => {
  it('emails the sender once an hour per application, with the reference and the staff page only', async () => {
    await t.app.outbox.stop();
    const link = await newLink(sender);
    await send(link, 0);
    expect(alerts().map((m) => m.to)).toEqual([[sender.email]]);
    const text = emlText(alerts()[0]!.raw);
    expect(text).toContain(link.applicationId);
    expect(text).toContain(`${t.config.publicUrl}/updateApplicationView/${link.applicationId}`);
    for (const personal of [link.email, link.passport, link.surname, 'Rahim']) expect(text).not.toContain(personal);

    // Within the hour: the second file is received, and nobody is emailed again.
    minutes(59);
    await send(link, 1);
    expect(alerts()).toHaveLength(1);

    // An hour on, the file asked for again (by a session of now: the test's clock idles out the first) and sent again: told again.
    const reviewer = await t.createStaff('admin');
    const asked = await t.request({
      method: 'POST',
      url: `/api/application/documentRequest/${link.applicationId}/items/${link.items[0]!.id}/ask-again`,
      token: reviewer.token,
      payload: { reason: 'The photo is blurred.' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    minutes(2);
    await send(link, 0);
    expect(alerts()).toHaveLength(2);
  });

  it('tells every staff account when the office chose so, never a removed one; a removed sender’s alert goes to the super-admins', async () => {
    const leaver = await t.createStaff('admin');
    const owner = await t.createStaff('superadmin');
    const link = await newLink(leaver);
    const removed = await t.request({ method: 'DELETE', url: `/api/users/delete_user/${leaver.id}`, token: owner.token });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = alerts().length;
    await send(link, 0);
    const superadmins = await t.db.selectFrom('users').select('email').where('role', '=', 'superadmin').execute();
    expect(
      alerts()
        .slice(before)
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(superadmins.map((u) => u.email).sort());

    await setSetting(t.db, 'documentRequests', { ...(await getSetting(t.db, 'documentRequests')), uploadAlerts: 'everyone' }, null);
    const second = await newLink(owner);
    const told = alerts().length;
    await send(second, 0);
    const everyone = await t.db.selectFrom('users').select('email').execute();
    const to = alerts()
      .slice(told)
      .flatMap((m) => m.to);
    expect(to.sort()).toEqual(everyone.map((u) => u.email).sort());
    expect(to).not.toContain(leaver.email);
  });
});
