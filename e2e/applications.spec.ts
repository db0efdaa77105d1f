import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { APPLICATION_LIST, VALIDATION } from '@visa/shared/ui-texts';
import { expectNoAxeViolations } from './support/axe';
import { addApplication } from './support/applications';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * The applications journey as a person does it: add an application with a photo, find it by
 * passport prefix, edit it, see it on the dashboard, export it and delete it, in Chromium, with
 * every message worded as docs/product.md#messages requires; and an axe scan of each of the four pages.
 */

const tag = Date.now().toString(36).toUpperCase().slice(-6);
const passport = `EJ${tag}77`;
const email = `e2e.${tag.toLowerCase()}@example.com`;

const fields: [label: string, value: string][] = [
  ['Surname', 'Hossain'],
  ['Given name', 'Tahmina'],
  ['Email', email],
  // As clerks copy it from a form; stored as +8801812345678.
  ['Phone', '01812-345678'],
  ['National ID', '1988123456789'],
  ['Date of birth', '1988-07-21'],
  ['Birth city', 'Sylhet'],
  ['Identification (visible marks)', 'Scar on right hand'],
  ['Company', 'Northern Care Homes'],
  ['Duty duration', '3 years'],
  ['Salary', 'CAD 2,900 / month'],
  ['Passport', passport.toLowerCase()],
];

async function fillForm(page: Page, values: [string, string][] = fields) {
  for (const [label, value] of values) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Sex').selectOption('Female');
  await page.getByLabel('Job title').selectOption('Caring Operator');
  // Countries come from the list (ADR 0024); it arrives a moment after the form.
  await page.getByLabel('Current nationality').selectOption({ label: 'Bangladesh' });
  await page.getByLabel('Issued country').selectOption({ label: 'Bangladesh' });
}

/**
 * Types a passport search and waits for its answer: the search goes out once typing pauses, and
 * until then the list shown may be the whole list, which can read like the search's own.
 */
async function searchPassports(page: Page, term: string) {
  const answered = page.waitForResponse((r) => new URL(r.url()).searchParams.get('search') === term);
  await page.getByPlaceholder('Passport search ...').fill(term);
  await answered;
}

test.describe.configure({ mode: 'serial' });

test('a staff member adds, finds, edits, charts, exports and deletes an application', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const photo = testInfo.outputPath('photo.jpg');
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(photo, await jpeg(900, 1200, { r: 180, g: 90, b: 60 }));
  await signInViaApi(page);

  // --- Add -----------------------------------------------------------------------------------
  await page.goto('/addUserApplication');
  await expect(page.getByRole('heading', { name: 'Add Application' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add Application' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION.surnameLength);
  // The message sits under the field, which is focused and marked invalid (ADR 0020).
  await expect(page.getByLabel('Surname')).toBeFocused();
  await expect(page.getByLabel('Surname')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Surname')).toHaveAccessibleDescription(VALIDATION.surnameLength);
  await expectNoAxeViolations(page);
  await fillForm(page);
  await page.getByRole('button', { name: 'Add Application' }).click();
  // Rule 9: the image is required.
  await expect(page.getByRole('alert')).toHaveText(APPLICATION_TEXTS.imageRequired);
  await page.getByLabel('Image').setInputFiles(photo);
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Application' }).click();
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByText(APPLICATION_TEXTS.added)).toBeVisible();

  // The same email again is refused by the server's answer (rule 6).
  await page.goto('/addUserApplication');
  await fillForm(page, [...fields.filter(([l]) => l !== 'Passport'), ['Passport', `ZX${tag}88`]]);
  await page.getByLabel('Image').setInputFiles(photo);
  await page.getByRole('button', { name: 'Add Application' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION.emailTaken);
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

  // --- Find by passport prefix ---------------------------------------------------------------
  await page.goto('/application');
  await expect(page.getByRole('heading', { name: 'Application List' })).toBeVisible();
  await expect(page.getByTestId('entries-line')).toHaveText(/^Show 1 to \d+ entries$/);
  await expectNoAxeViolations(page);
  const term = passport.slice(0, 6).toLowerCase();
  await searchPassports(page, term);
  const row = page.getByRole('row', { name: /Hossain Tahmina/ });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('entries-line')).toHaveText('Show 1 to 1 entries');
  await expect(row.getByText(passport)).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
  // What was typed (part of a passport number) stays out of the address; a reload keeps it.
  expect(new URL(page.url()).search).toBe('');
  await page.reload();
  await expect(page.getByPlaceholder('Passport search ...')).toHaveValue(term);
  await expect(page.getByTestId('entries-line')).toHaveText('Show 1 to 1 entries');
  const thumb = row.getByRole('img', { name: 'Photo of Hossain Tahmina' });
  await expect(thumb).toHaveJSProperty('complete', true);
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

  // The photo URL works only with its signature.
  const src = (await thumb.getAttribute('src'))!;
  expect((await request.get(src)).status()).toBe(200);
  expect((await request.get(src.split('?')[0]!)).status()).toBe(403);
  expect((await request.get(src.replace(/sig=[^&]+/, 'sig=forged'))).status()).toBe(403);

  // --- Filter by status (kept in the URL; the dashboard's counts lead here too) ----------------
  await page.getByLabel('Status', { exact: true }).selectOption('rejected');
  await expect(page).toHaveURL(/[?&]status=rejected/);
  await expect(page.getByText(APPLICATION_LIST.empty)).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('pending');
  await expect(page).toHaveURL(/[?&]status=pending/);
  await expect(row).toBeVisible();

  // --- Edit ----------------------------------------------------------------------------------
  await row.getByRole('button', { name: 'Edit Hossain Tahmina' }).click();
  await expect(page).toHaveURL(/\/editApplication\?id=[0-9a-f]{24}$/);
  await expect(page.getByLabel('Passport', { exact: true })).toHaveValue(passport);
  await expectNoAxeViolations(page);
  await page.getByLabel('Given name').fill('Ta');
  await page.getByRole('button', { name: 'Update Application' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION.namesLengthEdit);
  // A reload keeps the page: it loads the application by the id in the URL.
  await page.reload();
  await expect(page.getByLabel('Given name')).toHaveValue('Tahmina');
  await page.getByLabel('Surname').fill('Hossain-Rahman');
  await page.getByRole('button', { name: 'Update Application' }).click();
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByText(APPLICATION_TEXTS.updated)).toBeVisible();

  // --- Dashboard -----------------------------------------------------------------------------
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Hossain-Rahman Tahmina')).toBeVisible();
  await expect(page.getByTestId('summary-Total applications')).toHaveText(/^\d+$/);
  await expect(page.getByRole('img', { name: /Applications by job title/ })).toBeVisible();
  await page.getByText('Numbers of “Applications by job title”').click();
  await expect(page.getByRole('row', { name: /Caring Operator [1-9]/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Pending: show these applications' }).click();
  await expect(page).toHaveURL(/\/application\?status=pending$/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('pending');

  // --- Export --------------------------------------------------------------------------------
  await page.goto('/application');
  // The whole list may also read "Show 1 to 1 entries" (the worker's only application).
  await searchPassports(page, passport.slice(0, 6));
  await expect(page.getByTestId('entries-line')).toHaveText('Show 1 to 1 entries');
  await expect(page.getByRole('row', { name: /Hossain-Rahman Tahmina/ })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  // E.164, with the apostrophe that keeps a spreadsheet from reading a leading + as a formula.
  expect(lines[1]).toContain(`,Hossain-Rahman,Tahmina,${email},'+8801812345678,`);
  expect(lines[1]).toContain(`,${passport},`);

  // --- Delete --------------------------------------------------------------------------------
  await page.getByRole('button', { name: 'Delete Hossain-Rahman Tahmina' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete application' });
  await expect(dialog).toContainText(passport);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(APPLICATION_TEXTS.deleted)).toBeVisible();
  await expect(page.getByText(APPLICATION_LIST.empty)).toBeVisible();
  expect((await request.get(src)).status()).toBe(404);
});

test('a View pressed while a typed search still waits opens that file, however slowly its page arrives', async ({ page }) => {
  const token = await signInViaApi(page);
  const added = await addApplication(page, token, { givenN: 'Rumana' }, 'EV');
  // The file page's script held back, as on a slow link: the navigation is still under way when
  // the search's pause runs out, and the search must not take its place.
  await page.route(/\/assets\/application-file-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/application');
  const row = page.getByRole('row', { name: /Akter Rumana/ }).filter({ hasText: added.passport });
  await expect(row).toBeVisible();
  await page.getByPlaceholder('Passport search ...').fill('ZZ9');
  await row.getByRole('button', { name: 'View Akter Rumana' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants Copy (Pending)' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(added.passport);
});
