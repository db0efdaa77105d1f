import type { Page } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';
import { VALIDATION, VIEW_ONE } from '@visa/shared/ui-texts';
import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, PHONE, watchErrors } from './support/public';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/** The public status check (/enquiry) and the applicant copy it opens (/view-one), in both languages. */

/** Creates an application the way staff do: through the add call, with a photo. */
async function addApplication(page: Page, overrides: Record<string, string> = {}) {
  const token = await signInViaApi(page);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const photo = await jpeg(300, 400, '#9c6b4e');
  const fields = {
    surname: 'Begum',
    givenN: 'Nasrin',
    email: `nasrin.${tag.toLowerCase()}@example.com`,
    phone: '8801712345678',
    nationalId: '1990123456789',
    sex: 'Female',
    dob: '1990-02-14',
    birthCity: 'Khulna',
    currentN: 'Bangladeshi',
    identification: 'Mole on chin',
    company: 'Prairie Hotels Inc',
    dutyDuration: '2 years',
    jobTitle: 'Housekeeping',
    salary: 'CAD 2,800 / month',
    passport: `PB${tag}`.slice(0, 12),
    issuedCountry: 'Bangladesh',
    ...overrides,
  };
  const res = await page.request.post('/api/application/addApplication', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    multipart: { ...fields, image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(res.status()).toBe(201);
  // The visitor is not signed in: the status check is public.
  await page.evaluate(() => localStorage.clear());
  return fields;
}

test.describe('status enquiry', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`a match opens the applicant copy on /view-one (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const application = await addApplication(page);
      const noErrors = watchErrors(page);
      await page.goto('/enquiry');
      await page.getByLabel('Passport number').fill(application.passport.toLowerCase());
      // Picked from the country list, in the page's language (ADR 0024).
      await page.getByLabel('Nationality').selectOption({ label: 'Bangladesh' });
      await page.getByLabel('Date of birth').fill(application.dob);
      // No submit: the search fires by itself 500 ms after typing stops.
      await expect(page).toHaveURL(/\/view-one$/);
      await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
      await expect(page.getByText('In progress').first()).toBeVisible();
      // Pending: since when, and that news comes by email; nothing about collecting a visa (ADR 0020).
      await expect(page.getByText('We will email you when there is news.')).toBeVisible();
      await expect(page.getByText('In progress since')).toBeVisible();
      await expect(page.getByText('Processing started')).toHaveCount(0);
      await expect(page.getByText('14 Feb 1990')).toBeVisible();
      await expect(page.getByText(application.passport)).toBeVisible();
      await expect(page.getByRole('img', { name: 'Photo of Nasrin Begum' })).toBeVisible();
      expect(
        await page.getByRole('img', { name: 'Photo of Nasrin Begum' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
      ).toBeGreaterThan(0);
      // Readable on a phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page);
      // Printable: the site's chrome goes, the copy stays.
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('nav.site-navbar')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print this page' })).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
      noErrors();
    });
  }

  test('a miss shows the required message and stays on the page; the Bengali page finds the same copy', async ({ page }) => {
    const application = await addApplication(page);
    await page.goto('/enquiry');
    await page.getByLabel('Passport number').fill(application.passport);
    await page.getByLabel('Nationality').selectOption({ label: 'Bangladesh' });
    await page.getByLabel('Date of birth').fill('1990-02-15');
    await expect(page.getByRole('alert')).toHaveText(VALIDATION.enquiryNoMatch);
    await expect(page).toHaveURL(/\/enquiry$/);

    await page.goto('/bn/enquiry');
    await page.getByLabel('পাসপোর্ট নম্বর').fill(application.passport);
    await page.getByLabel('জাতীয়তা').selectOption({ label: 'বাংলাদেশ' });
    // The last field filled, the form looks the copy up by itself, as the miss above shows, and a
    // match goes on to the result: a click now would race that (the button is disabled meanwhile).
    await page.getByLabel('জন্মতারিখ').fill(application.dob);
    await expect(page).toHaveURL(/\/bn\/view-one$/);
    await expect(page.getByText('১৪ ফেব, ১৯৯০')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  });

  test('switching language on the result page keeps the result, and the URL carries none of it', async ({ page }) => {
    const application = await addApplication(page);
    await page.goto('/enquiry');
    await page.getByLabel('Passport number').fill(application.passport);
    await page.getByLabel('Nationality').selectOption({ label: 'Bangladesh' });
    await page.getByLabel('Date of birth').fill(application.dob);
    await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
    await page.getByRole('link', { name: 'বাংলা' }).click();
    await expect(page).toHaveURL(/\/bn\/view-one$/);
    await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
    await expect(page.getByText('১৪ ফেব, ১৯৯০')).toBeVisible();
    await expect(page.getByText('কোনো খবর হলে আমরা আপনাকে ইমেইল করব।')).toBeVisible();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/view-one$/);
    await expect(page.getByText('14 Feb 1990')).toBeVisible();
    expect(page.url()).not.toContain(application.passport);
  });

  test("/view-one without results says 'No application data found.'", async ({ page }) => {
    await page.goto('/view-one');
    await expect(page.getByRole('status')).toHaveText(VIEW_ONE.noData);
  });
});
