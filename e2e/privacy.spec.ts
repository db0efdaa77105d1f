import { expectNoAxeViolations } from './support/axe';
import { type ClockedServer, startClockedServer } from './support/clocked-server';
import { watchErrors } from './support/public';
import { OWNER, signInViaApi } from './support/staff';
import { expect, test as base } from './support/test';

// A server of its own: a published notice cannot be taken back, and the other journeys' add form
// must not gain the consent box it brings.
const test = base.extend<object, { privacyServer: ClockedServer }>({
  privacyServer: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startClockedServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ privacyServer }, use) => use(privacyServer.url),
});

/**
 * The privacy notice (ADR 0053): the standard text until the office publishes its own, in English
 * and Bengali, linked from every public page's footer; the owner publishes a version in Settings and
 * the pages show it, with its number and date, at the next load.
 */
test.describe.configure({ mode: 'serial' });

test('the standard notice in both languages, reachable from the footer, with no accessibility violations', async ({ page }) => {
  const noErrors = watchErrors(page);
  await page.goto('/enquiry');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
  await expect(page.getByText('This is the standard notice of the office until it publishes its own.')).toBeVisible();
  await expect(page.getByText(/Bangladesh Personal Data Protection Ordinance 2025/)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/bn/privacy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('গোপনীয়তা বিজ্ঞপ্তি');
  await expect(page.getByText(/বাংলাদেশ ব্যক্তিগত উপাত্ত সুরক্ষা অধ্যাদেশ ২০২৫/)).toBeVisible();
  await expectNoAxeViolations(page);
  noErrors();
});

test('the owner publishes a version in Settings; both pages show it with its number and date', async ({ page, browser, privacyServer }) => {
  test.setTimeout(90_000);
  await signInViaApi(page);
  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Privacy notice' });
  await form
    .getByRole('textbox', { name: 'Notice in English' })
    .fill('We keep your passport number for your application.\n\nWrite to us to see it.');
  await form.getByRole('textbox', { name: 'Notice in Bengali' }).fill('আপনার আবেদনের জন্য আমরা পাসপোর্ট নম্বর রাখি।');
  await form.getByRole('button', { name: 'Publish as version 1' }).click();
  await expect(page.getByRole('region', { name: 'Published versions' })).toContainText('Version 1, published');
  await expect(form.getByRole('button', { name: 'Publish as version 2' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A visitor, without the owner's session.
  const context = await browser.newContext({ baseURL: privacyServer.url });
  const visitor = await context.newPage();
  await visitor.goto('/privacy');
  await expect(visitor.getByText(/^Version 1, published \d{1,2} \w+ \d{4}\.$/)).toBeVisible();
  await expect(visitor.getByText('We keep your passport number for your application.')).toBeVisible();
  await expect(visitor.getByText('Write to us to see it.')).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.goto('/bn/privacy');
  await expect(visitor.getByText(/^সংস্করণ ১, প্রকাশিত/)).toBeVisible();
  await expect(visitor.getByText('আপনার আবেদনের জন্য আমরা পাসপোর্ট নম্বর রাখি।')).toBeVisible();
  await context.close();
});
