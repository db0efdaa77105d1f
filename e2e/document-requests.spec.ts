import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DOCUMENT_PAGE_TEXTS } from '@visa/shared/document-page';
import { cameraPhoto, jpeg } from '@visa/test-support/images';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * Documents by link (ADR 0046, ADR 0047): staff send a request, the applicant opens the emailed
 * link on a phone, takes a large photo, and sees it received; staff see it to review.
 */

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/visa-e2e-${port}`;
const PHONE = { width: 375, height: 740 };
const T = DOCUMENT_PAGE_TEXTS.en;

/** The document link in the newest delivered email to `to` (base64 or quoted-printable body). */
function documentLinkSentTo(to: string): string | undefined {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return undefined;
  for (const file of fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
    const eml = fs.readFileSync(path.join(outbox, file), 'utf8');
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

async function addApplication(page: Page, token: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const res = await page.request.post('/api/application/addApplication', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    multipart: {
      surname: 'Hossain',
      givenN: 'Farzana Akter',
      email: `farzana.${tag.toLowerCase()}@example.com`,
      phone: '8801812345678',
      nationalId: '1992123456789',
      sex: 'Female',
      dob: '1992-07-09',
      birthCity: 'Sylhet',
      currentN: 'Bangladeshi',
      identification: 'Scar on right hand',
      company: 'Northern Care Homes',
      dutyDuration: '3 years',
      jobTitle: 'Caring Operator',
      salary: 'CAD 3,000 / month',
      passport: `DR${tag}`.slice(0, 12),
      issuedCountry: 'Bangladesh',
      visaType: 'Visit',
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(300, 400, '#c08060') },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: string; email: string; passport: string; visaType: string };
}

test('documents by link: the applicant opens the link at 375 px, sends a large camera photo, and sees it received', async ({
  page,
  browser,
}) => {
  const staffToken = await signInViaApi(page);
  const application = await addApplication(page, staffToken);
  expect(application.visaType).toBe('Visit');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const sent = await page.request.post(`/api/application/documentRequest/${application._id}`, {
    headers: { authorization: `Bearer ${staffToken}`, 'x-xsrf-token': xsrf },
    data: { dueDate: '2099-01-31', checklistItems: ['passport', 'bank'] },
  });
  expect(sent.status()).toBe(200);
  await expect.poll(() => documentLinkSentTo(application.email), { timeout: 15_000 }).toBeTruthy();
  const link = new URL(documentLinkSentTo(application.email)!);

  // The applicant: another browser, a phone's width, no session of any kind.
  const phone = await browser.newContext({ viewport: PHONE, baseURL: test.info().project.use.baseURL });
  const applicant = await phone.newPage();
  const apiUrls: string[] = [];
  applicant.on('request', (request) => apiUrls.push(request.url()));
  await applicant.goto(`${link.pathname}${link.hash}`);
  await expect(applicant.getByRole('heading', { name: T.title })).toBeVisible();
  await expect(applicant.getByText(T.greeting('Farzana'))).toBeVisible();
  // The token left the address bar, and no request carried it in a URL.
  await expect(applicant).toHaveURL(/\/documents$/);
  const body = await applicant.locator('body').innerText();
  for (const secret of ['Hossain', application.passport, '1992-07-09']) expect(body).not.toContain(secret);
  await expectNoAxeViolations(applicant);
  // Nothing is wider than the phone.
  expect(await applicant.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const passport = applicant.getByRole('listitem').filter({ hasText: 'Passport (photo page)' });
  await expect(passport.getByText(T.states.to_send)).toBeVisible();
  const photo = await cameraPhoto();
  await passport.getByLabel(T.choose).setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(passport.getByText(T.states.received)).toBeVisible({ timeout: 30_000 });
  // The photo went up made smaller in the browser, as the staff forms do.
  for (const url of apiUrls) expect(url).not.toContain(link.hash.slice(1));

  // Reloaded, the list opens again from this tab and still shows it received.
  await applicant.reload();
  await expect(applicant.getByRole('listitem').filter({ hasText: 'Passport (photo page)' }).getByText(T.states.received)).toBeVisible();
  await phone.close();

  // Staff see it to review.
  const view = await page.request.get(`/api/application/documentRequest/${application._id}`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  const item = ((await view.json()) as { request: { items: { state: string; size: number; contentType: string }[] } }).request.items[0]!;
  expect(item.state).toBe('received');
  expect(item.contentType).toBe('image/jpeg');
  expect(item.size).toBeLessThan(photo.length);
});
