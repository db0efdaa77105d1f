import { type Page, expect } from '@playwright/test';
import { addDays, todayIn } from '@visa/shared/dates';
import { addApplication } from './applications';
import { outboxMails } from './office';

/** What the documents-by-link journeys share: an application to ask, and the link its email carries. */

/** The document link in the newest delivered email to `to` (base64 or quoted-printable body). */
function requestLinkSentTo(to: string): string | undefined {
  for (const eml of outboxMails()) {
    if (!eml.includes(`To: ${to}`)) continue;
    const decoded = [
      eml.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
      ...(eml.match(/^[A-Za-z0-9+/=\r\n]{200,}$/gm) ?? []).map((b) => Buffer.from(b.replace(/\s+/g, ''), 'base64').toString('utf8')),
    ];
    for (const text of decoded) {
      const link = /(https?:\/\/[^\s"<]+\/documents#[\w-]{43})/.exec(text)?.[1];
      if (link) return link;
    }
  }
  return undefined;
}

/** An applicant for the documents journeys: a visitor's visa, whose checklist they are asked. */
export const addDocumentsApplicant = (page: Page, token: string) =>
  addApplication(page, token, { surname: 'Hossain', givenN: 'Farzana Akter', visaType: 'Visit' }, 'DR');

/** Staff send a request for the checklist items; the link, once the outbox has delivered its email. */
export async function requestDocuments(page: Page, staffToken: string, application: { _id: string; email: string }, items: string[]) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const sent = await page.request.post(`/api/application/documentRequest/${application._id}`, {
    headers: { authorization: `Bearer ${staffToken}`, 'x-xsrf-token': xsrf },
    // A month ahead: a link lives at most LINK_MAX_DAYS.
    data: { dueDate: addDays(todayIn('Asia/Dhaka'), 30), checklistItems: items },
  });
  expect(sent.status()).toBe(200);
  await expect.poll(() => requestLinkSentTo(application.email), { timeout: 15_000 }).toBeTruthy();
  return new URL(requestLinkSentTo(application.email)!);
}
