import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { OWNER, addSubAdminViaApi, signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/** The staff-account journey, through the forms, in the machine's Chromium (ADR 0006). */

const SUB = {
  name: 'Journey Sub',
  email: `journey.sub.${Date.now().toString(36)}@example.com`,
  password: 'sub-password-1',
};

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('button', { name: 'Logout' }).click();
  // The login page says so (ADR 0018).
  await expect(page).toHaveURL(/\/login\?reason=signed-out$/);
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

/** What the API answers this page's stored token for a staff-account call. */
const getUsersStatus = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/users/get_users', { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    return res.status;
  });

test('a super-admin adds and edits a sub-admin, who then signs in without staff-account powers', async ({ page }) => {
  // Sign in through the form; a wrong password first shows the required message.
  await signInWithForm(page, OWNER.email, 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: 'Staff' });
  await expect(sidebar.getByText(OWNER.name)).toBeVisible();

  // Add a sub-admin: the form's own check first, then the real thing.
  await sidebar.getByRole('link', { name: 'Add Admin' }).click();
  await expect(page).toHaveURL(/\/addUserManagement$/);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page.getByRole('alert')).toHaveText('All fields are required');
  await page.getByLabel('Name', { exact: true }).fill(SUB.name);
  await page.getByLabel('Email').fill(SUB.email);
  await page.getByLabel('Password').fill(SUB.password);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page).toHaveURL(/\/userManagement$/);
  await expect(page.getByText('Admin added.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: SUB.email });
  await expect(row).toContainText('Sub-admin');

  // Adding the same email again: the required wording for any error answer.
  await sidebar.getByRole('link', { name: 'Add Admin' }).click();
  // The list's row buttons are labelled with names too: fill once the form has replaced the list.
  await expect(page).toHaveURL(/\/addUserManagement$/);
  await page.getByLabel('Name', { exact: true }).fill('Copy');
  await page.getByLabel('Email').fill(SUB.email.toUpperCase());
  await page.getByLabel('Password').fill(SUB.password);
  await page.getByRole('button', { name: 'Add Admin' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error: User all ready exists. Please sign in.');

  // Edit: the list passes the account along; the edit page without it goes back to the list.
  await page.goto('/editUserManagement');
  await expect(page).toHaveURL(/\/userManagement$/);
  await page.getByRole('button', { name: `Edit ${SUB.name}` }).click();
  await expect(page).toHaveURL(/\/editUserManagement$/);
  await expect(page.getByLabel('Email')).toHaveValue(SUB.email);
  await page.getByLabel('Name', { exact: true }).fill(`${SUB.name} Edited`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/userManagement$/);
  await expect(page.getByRole('row').filter({ hasText: SUB.email })).toContainText(`${SUB.name} Edited`);

  await signOut(page);

  // The sub-admin signs in: no Sub-admin menu, and the API refuses the staff list.
  await signInWithForm(page, SUB.email, SUB.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar.getByText(`${SUB.name} Edited`)).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Application List' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Admin List' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Add Admin' })).toHaveCount(0);
  expect(await getUsersStatus(page)).toBe(403);
  await page.goto('/userManagement');
  await expect(page.getByRole('alert')).toHaveText('You do not have permission to do this.');

  // Profile: the current password is checked, the new ones must match, then the change is saved.
  await sidebar.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByLabel('Email')).toHaveValue(SUB.email);
  await page.getByLabel('Name', { exact: true }).fill('Journey Sub Renamed');
  await page.getByLabel('Current password').fill('not my password at all');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('something else');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password and confirm password must match.');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not correct.');
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await page.getByLabel('Current password').fill(SUB.password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile updated.')).toBeVisible();
  await expect(sidebar.getByText('Journey Sub Renamed')).toBeVisible();

  await signOut(page);

  // The new password is the one that works now.
  await signInWithForm(page, SUB.email, SUB.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('every staff route sends a visitor without a token to sign in', async ({ page }) => {
  const guarded = [
    '/dashboard',
    '/userManagement',
    '/addUserManagement',
    '/editUserManagement',
    '/application',
    '/addUserApplication',
    '/editApplication',
    '/userView',
    '/updateApplicationView/0123456789abcdef01234567',
    '/slider',
    '/addSliders',
    '/editSlider',
    '/profile',
    '/setting',
  ];
  for (const path of guarded) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('a guarded page sends a visitor to sign in and back again afterwards', async ({ page }) => {
  await page.goto('/setting');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/setting$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
});

test('the refresh cookie is httpOnly, and a session whose cookie is gone ends within the 60-second check', async ({ page, context }) => {
  // Fake timers from the start, so the page's 60-second interval is one the test can move past.
  await page.clock.install();
  await signInWithForm(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('refresh_token');

  await context.clearCookies({ name: 'session' });
  // The check's interval starts when the staff layout mounts, which may be just after the URL
  // changed: each step moves one full period past wherever the interval started.
  await expect(async () => {
    await page.clock.fastForward(61_000);
    // The marker cookie lives until the session's absolute end: the login page says it has ended.
    await expect(page).toHaveURL(/\/login\?reason=expired$/, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('staff-account pages have no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
  await expectNoAxeViolations(page);
  // With a message showing, too.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);

  await signInViaApi(page);
  for (const [path, heading] of [
    ['/userManagement', 'Admin List'],
    ['/addUserManagement', 'Add Admin'],
    ['/profile', 'Profile'],
    ['/setting', 'Settings'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // Wait for the data-driven part, so axe sees the finished page (a form's own live region,
    // empty until it has something to say, stays).
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
  }

  // The delete confirmation, over a sub-admin made for the purpose.
  const email = `axe.${Date.now().toString(36)}@example.com`;
  const created = await addSubAdminViaApi(page, { name: 'Axe Sub', email, password: 'axe-password-1' });
  expect(created).toBe(201);
  await page.goto('/userManagement');
  await page.getByRole('button', { name: 'Delete Axe Sub' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete admin' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
});
