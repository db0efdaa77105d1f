import { DOCUMENTS_PAGE_TEXTS } from '@visa/shared/documents-page';
import { cameraPhoto } from '@visa/test-support/images';
import { expectNoAxeViolations } from './support/axe';
import { addDocumentsApplicant, requestDocuments } from './support/document-requests';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * Documents by link (ADR 0046, ADR 0047): staff send a request, the applicant opens the emailed
 * link on a phone, takes a large photo, and sees it received; staff see it to review.
 */

const PHONE = { width: 375, height: 740 };
const T = DOCUMENTS_PAGE_TEXTS.en;

test('documents by link: the applicant opens the link at 375 px, sends a large camera photo, and sees it received', async ({
  page,
  browser,
}) => {
  const staffToken = await signInViaApi(page);
  const application = await addDocumentsApplicant(page, staffToken);
  expect(application.visaType).toBe('Visit');
  const link = await requestDocuments(page, staffToken, application, ['passport', 'bank']);

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
