import type { Page } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';
import { ERASURE_MESSAGES } from '@visa/shared/retention';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/** An application added the way staff do, through the add call. */
async function addApplication(page: Page, token: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const res = await page.request.post('/api/application/addApplication', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    multipart: {
      surname: 'Begum',
      givenN: 'Nasrin',
      email: `nasrin.${tag.toLowerCase()}@example.com`,
      phone: '8801812345678',
      nationalId: '1990123456789',
      sex: 'Female',
      dob: '1990-02-03',
      birthCity: 'Khulna',
      currentN: 'Bangladeshi',
      identification: 'None',
      company: 'Maple Foods Ltd',
      dutyDuration: '2 years',
      jobTitle: 'Cook',
      salary: 'CAD 2,800 / month',
      passport: `EC${tag}`.slice(0, 12),
      issuedCountry: 'Bangladesh',
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(300, 400, '#80a0c0') },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: string; passport: string };
}

test('the owner sets a retention window with its preview, and erases one applicant from the file', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInViaApi(page);
  const application = await addApplication(page, token);
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));

  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Retention of personal data' });
  await expect(form).toBeVisible();
  await form.getByLabel('Anonymise refused applications').check();
  await expect(form.getByLabel('Months (months after the decision)')).toHaveValue('24');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText(ERASURE_MESSAGES.saved)).toBeVisible();
  await expect(page.getByTestId('retention-counts')).toHaveText(/^0 applications: /);
  await expectNoAxeViolations(page);

  await page.goto(`/updateApplicationView/${application._id}`);
  await page.getByRole('button', { name: 'Erase now' }).click();
  const dialog = page.getByRole('dialog', { name: "Erase this applicant's personal data?" });
  await dialog.getByLabel(/^Reason/).fill('Asked by the applicant in writing');
  await dialog.getByLabel("Type the applicant's passport number to confirm").fill(application.passport);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText(ERASURE_MESSAGES.erased)).toBeVisible();
  await expect(page.getByText('Begum', { exact: true })).toHaveCount(0);
  for (const url of urls) expect(url).not.toContain(application.passport);
});
