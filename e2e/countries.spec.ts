import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * Nationality and issuing country from the country list (ADR 0024): a member of staff picks them
 * on the add form, finds the file by the nationality's demonym and code and reads the country's
 * name on the applicant copy; the applicant checks the status on the Bengali page, choosing the
 * country by its Bengali name, at desktop and phone widths.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const tag = Date.now().toString(36).toUpperCase().slice(-6);

const fields: [label: string, value: string][] = [
  ['Surname', 'Thapa'],
  ['Given name', 'Sunita'],
  ['Phone', '01812-345678'],
  ['National ID', '1991123456789'],
  ['Date of birth', '1991-03-09'],
  ['Birth city', 'Pokhara'],
  ['Identification (visible marks)', 'Mole on left hand'],
  ['Company', 'Maple Care Homes'],
  ['Duty duration', '2 years'],
  ['Salary', 'CAD 3,000 / month'],
];

async function addThroughTheForm(page: Page, passport: string, photo: string) {
  await page.goto('/addUserApplication');
  await expect(page.getByRole('heading', { name: 'Add Application' })).toBeVisible();
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Email', { exact: true }).fill(`sunita.${passport.toLowerCase()}@example.com`);
  await page.getByLabel('Passport', { exact: true }).fill(passport);
  await page.getByLabel('Sex').selectOption('Female');
  await page.getByLabel('Job title').selectOption('Caring Operator');
  const nationality = page.getByLabel('Current nationality');
  // The list is the locale's names, sorted; the value sent is the code.
  await expect(nationality.locator('option', { hasText: 'Nepal' })).toHaveAttribute('value', 'NP');
  await nationality.selectOption({ label: 'Nepal' });
  // The keyboard works too: focus the list and type the name's start.
  const issued = page.getByLabel('Issued country');
  await issued.focus();
  await page.keyboard.type('Nepal');
  await expect(issued).toHaveValue('NP');
  await expectNoAxeViolations(page);
  await page.getByLabel('Image').setInputFiles(photo);
  await page.getByRole('button', { name: 'Add Application' }).click();
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByText(APPLICATION_TEXTS.added)).toBeVisible();
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`staff pick a country from the list; the applicant finds the file in Bengali (${name})`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const photo = testInfo.outputPath('photo.jpg');
    fs.mkdirSync(testInfo.outputDir, { recursive: true });
    fs.writeFileSync(photo, await jpeg(600, 800, { r: 120, g: 90, b: 70 }));
    const passport = `NP${tag}${name === 'phone' ? '2' : '1'}`;
    await signInViaApi(page);
    await addThroughTheForm(page, passport, photo);

    // Found by the nationality's demonym and by its code, as well as by passport.
    for (const term of ['Nepali', 'NPL']) {
      await page.getByPlaceholder('Passport search ...').fill(term);
      await expect(page.getByRole('row', { name: /Thapa Sunita/ }).filter({ hasText: passport })).toBeVisible();
    }
    await page.getByPlaceholder('Passport search ...').fill(passport);
    await expect(page.getByRole('row', { name: /Thapa Sunita/ })).toHaveCount(1);

    // The applicant copy names the countries.
    await page.getByRole('button', { name: 'View Thapa Sunita' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Applicants Copy (Pending)' })).toBeVisible();
    const copy = page.getByRole('article');
    await expect(copy.getByText('Current nationality').locator('xpath=following-sibling::*[1]')).toHaveText('Nepal');
    await expect(copy.getByText('Issued country').locator('xpath=following-sibling::*[1]')).toHaveText('Nepal');

    // The edit form shows the stored country picked in the list.
    await page.goto('/application');
    await page.getByPlaceholder('Passport search ...').fill(passport);
    await expect(page.getByRole('row', { name: /Thapa Sunita/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Edit Thapa Sunita' }).click();
    await expect(page).toHaveURL(/\/editApplication\?id=[0-9a-f]{24}$/);
    await expect(page.getByLabel('Current nationality')).toHaveValue('NP');
    await expect(page.getByLabel('Current nationality').locator('option:checked')).toHaveText('Nepal');

    // --- The applicant, not signed in, on the Bengali page ------------------------------------
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/bn/enquiry');
    const nationality = page.getByLabel('জাতীয়তা');
    await expect(nationality.locator('option').first()).toHaveText('একটি দেশ বেছে নিন');
    await expect(nationality.locator('option', { hasText: 'নেপাল' })).toHaveAttribute('value', 'NP');
    await expect(nationality.locator('option', { hasText: 'Nepal' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByLabel('পাসপোর্ট নম্বর').fill(passport.toLowerCase());
    await nationality.selectOption({ label: 'নেপাল' });
    await page.getByLabel('জন্মতারিখ').fill('1991-03-09');
    await expect(page).toHaveURL(/\/bn\/view-one$/);
    await expect(page.getByRole('heading', { name: 'Sunita Thapa' })).toBeVisible();
    // Nationality and issuing country in Bengali.
    await expect(page.getByRole('article').getByText('নেপাল')).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });
}
