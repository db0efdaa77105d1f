import type { Page } from '@playwright/test';
import { totpCode } from '@visa/test-support/totp';
import { expectNoAxeViolations } from './support/axe';
import { OWNER, addSubAdminViaApi, signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/** Two-step sign-in through the pages, with codes computed from the secret the page shows (ADR 0019). */

const stamp = Date.now().toString(36);
const PASSWORD = 'second factor journey 1';

/** A sub-admin made by the owner through the API, so each journey starts from its own account. */
async function addSubAdmin(page: Page, email: string) {
  await signInViaApi(page);
  expect(await addSubAdminViaApi(page, { name: 'Two Step', email, password: PASSWORD })).toBe(201);
  // The owner signs out again: the journeys sign in as the new account.
  await page.evaluate(async () => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.split('=')[1] ?? '',
    );
    await fetch('/api/users/logout', { method: 'POST', headers: { 'x-xsrf-token': xsrf } });
    localStorage.removeItem('token');
  });
}

async function password(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

test('a member of staff turns on two-step sign-in from the profile, then signs in with a code and with a recovery code', async ({
  page,
}) => {
  const email = `two.step.${stamp}@example.com`;
  await addSubAdmin(page, email);
  await password(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Profile: off, then the QR code, the key as text, and the first code.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section).toContainText('Off.');
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await section.getByTestId('second-factor-secret').textContent())!.replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Authentication code').fill(totpCode(secret));
  // Turning it on takes the current password, so a stolen session alone cannot.
  await section.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // The recovery codes, shown once.
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'I have stored my recovery codes' }).click();
  await expect(section).toContainText('Recovery codes left: 10');
  await signOut(page);

  // Password, then a code computed from the secret (the next step's: the first one was used).
  await password(page, email);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeFocused();
  const field = page.getByLabel('Authentication code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(page);
  await field.fill(totpCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);

  // Password, then a recovery code; it is used up.
  await password(page, email);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Two-step sign-in' })).toContainText('Recovery codes left: 9');
  await expectNoAxeViolations(page);
});

test('when the owner requires it, a member of staff without an app sets it up on the sign-in page before getting in', async ({
  page,
  browser,
}) => {
  const email = `enrol.${stamp}@example.com`;
  await addSubAdmin(page, email);

  // The owner, in a browser of their own, turns the requirement on in Settings and stays signed in
  // (they have no app: signing in again would ask them to set one up).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/login');
  await owner.getByLabel('Email').fill(OWNER.email);
  await owner.getByLabel('Password').fill(OWNER.password);
  await owner.getByRole('button', { name: 'Login' }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);
  await owner.goto('/setting');
  const setting = owner.getByRole('switch', { name: 'Require a second factor for every staff account' });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await expect(owner.getByText('Security setting saved.')).toBeVisible();
  await expectNoAxeViolations(owner);

  try {
    await password(page, email);
    await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeFocused();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectNoAxeViolations(page);
    const secret = (await page.getByTestId('second-factor-secret').textContent())!.replaceAll(' ', '');
    await page.getByLabel('Authentication code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // It cannot be turned off while required.
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await expect(section).toContainText('The office requires two-step sign-in for every staff account.');
    await expect(section.getByRole('button', { name: 'Set up a new device' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Turn off two-step sign-in' })).toHaveCount(0);
  } finally {
    // The other journeys sign the owner in with a password only. The context closes only once the
    // server has answered the change: the first toast may still be on screen, and closing earlier
    // would cancel the request and leave the requirement on.
    const saved = owner.waitForResponse((res) => res.url().endsWith('/api/users/settings/security') && res.request().method() === 'PUT');
    await setting.uncheck();
    expect((await saved).status()).toBe(200);
    await expect(setting).not.toBeChecked();
    await ownerContext.close();
  }
});
