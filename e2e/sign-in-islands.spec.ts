import type { Page } from '@playwright/test';
import { PASSWORD_RESET } from '@visa/shared/password-reset-texts';
import { VALIDATION } from '@visa/shared/ui-texts';
import { totpCode } from '@visa/test-support/totp';
import { type ClockedServer, startClockedServer } from './support/clocked-server';
import { OWNER, addSubAdminViaApi, signInViaApi } from './support/staff';
import { expect, test as base } from './support/test';

// A server of its own: these journeys sign in several times, and every sign-in counts against
// the one address all journeys come from (50 per 15 minutes), which the shared server's other
// journeys need too.
const test = base.extend<object, { islandsServer: ClockedServer }>({
  islandsServer: [
    // Playwright reads a fixture's dependencies from its first parameter: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startClockedServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ islandsServer }, use) => use(islandsServer.url),
});

/**
 * The sign-in pages as a full load serves them (ADR 0050): their own islands script, no React
 * Router app; a successful sign-in is a full load of the staff page; the staff
 * page's scripts are prefetched while the second factor is typed, not before.
 */

const stamp = Date.now().toString(36);
const PASSWORD = 'islands sign in key 1';

/** The scripts the page asked for, by file name, as they are requested. */
function scriptsOf(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname.split('/').pop()!);
  });
  return scripts;
}

/** A mark on this document's window: gone after a full page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { mark?: number }).mark = 1));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

test('a full load of /login uses the islands script; signing in is a full load of the dashboard', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The wrong password's 401 is logged by the browser itself; anything else is the page's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  const scripts = scriptsOf(page);
  await page.goto('/login');
  // The form is the script's: a missing field is caught in the page, before any request.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION.allFieldsRequired);
  // The sign-in pages' own islands script; neither the app nor the public pages' script.
  expect(scripts.some((file) => file.startsWith('sign-in-'))).toBe(true);
  expect(scripts.filter((file) => /^(entry\.client|manifest|root|islands)-/.test(file))).toEqual([]);

  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('not the password at all');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');

  await markDocument(page);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await documentMarked(page)).toBe(false);
  expect(errors).toEqual([]);
});

test('the second step prefetches the staff page it leads to, then signs in with a code', async ({ page }) => {
  const email = `islands.${stamp}@example.com`;
  await signInViaApi(page);
  expect(await addSubAdminViaApi(page, { name: 'Islands Step', email, password: PASSWORD })).toBe(201);
  // Two-step sign-in turned on for the new account through the API, as its profile page would.
  const secret = await page.evaluate(
    async ({ email, password }) => {
      const xsrf = () =>
        decodeURIComponent(
          document.cookie
            .split('; ')
            .find((c) => c.startsWith('XSRF-TOKEN='))
            ?.split('=')[1] ?? '',
        );
      const post = async (url: string, body: unknown, token?: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      await post('/api/users/logout', {}, localStorage.getItem('token') ?? '');
      const { token } = (await (await post('/api/users/login', { email, password })).json()) as { token: string };
      const { secret } = (await (await post('/api/users/me/second-factor/setup', {}, token)).json()) as { secret: string };
      return { token, secret };
    },
    { email, password: PASSWORD },
  );
  const enabled = await page.evaluate(
    async ({ token, code, password }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '',
      );
      const headers = { 'content-type': 'application/json', 'x-xsrf-token': xsrf, authorization: `Bearer ${token}` };
      const res = await fetch('/api/users/me/second-factor/enable', {
        method: 'POST',
        headers,
        body: JSON.stringify({ code, currentPassword: password }),
      });
      await fetch('/api/users/logout', { method: 'POST', headers, body: '{}' });
      localStorage.removeItem('token');
      return res.status;
    },
    { token: secret.token, code: totpCode(secret.secret), password: PASSWORD },
  );
  expect(enabled).toBe(200);

  const scripts = scriptsOf(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  // Nothing of the staff app before the password is right.
  expect(scripts.filter((file) => /^(entry\.client|manifest|dashboard)-/.test(file))).toEqual([]);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeFocused();

  const prefetched = page.locator('link[rel="prefetch"]');
  await expect.poll(() => prefetched.count()).toBeGreaterThan(3);
  const hrefs = await prefetched.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const name of ['entry.client-', 'manifest-', 'dashboard-'])
    expect(hrefs.some((href) => href.includes(`/assets/${name}`))).toBe(true);
  await expect.poll(() => scripts.some((file) => file.startsWith('entry.client-'))).toBe(true);

  await markDocument(page);
  // The current code was spent turning the app on: the next time step's, which the server accepts too.
  await page.getByLabel('Authentication code').fill(totpCode(secret.secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await documentMarked(page)).toBe(false);
});

test('forgot password on a full load sends its answer from the islands page', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('nobody.here@example.com');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toHaveText(PASSWORD_RESET.requested);
  expect(scripts.filter((file) => /^(entry\.client|manifest)-/.test(file))).toEqual([]);
});
