import bcrypt from 'bcryptjs';
import { PASSWORD_CHANGE_REQUIRED } from '@visa/shared/ui-texts';
import { insertStaffAccount } from '../apps/api/dist/modules/domain/staff-accounts/repository.js';
import { expectNoAxeViolations } from './support/axe';
import { startClockedServer } from './support/clocked-server';
import { expect, test } from './support/test';

/**
 * A member of staff brought over from the earlier app signs in with the password they had there
 * (its bcrypt hash, as the import stores it). A password that breaks this app's rule leaves them
 * on "Choose a new password", whatever page they open, until they have set one.
 */
test('an earlier password too weak for this app: signed in, then only the new-password screen until one is saved', async ({ browser }) => {
  const server = await startClockedServer({ ADMIN_EMAIL: 'earlier.owner@example.com', ADMIN_PASSWORD: 'earlier owner passphrase 5' });
  try {
    const email = 'earlier.clerk@example.com';
    await insertStaffAccount(server.db, { name: 'Earlier Clerk', email, role: 'admin', passwordHash: bcrypt.hashSync('123456', 10) });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('123456');
    await page.getByLabel('Password').press('Enter');

    await expect(page.getByRole('heading', { name: PASSWORD_CHANGE_REQUIRED.title })).toBeVisible();
    await expect(page.getByText(PASSWORD_CHANGE_REQUIRED.intro)).toBeVisible();
    await expectNoAxeViolations(page);
    // Another page shows the same screen.
    await page.goto(`${server.url}/application`);
    await expect(page.getByRole('heading', { name: PASSWORD_CHANGE_REQUIRED.title })).toBeVisible();

    // By keyboard alone: the fields in order, then Enter.
    await page.getByLabel('Current password').fill('123456');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
    await page.keyboard.type('a new passphrase for this app');
    await page.getByLabel('Confirm new password').fill('a new passphrase for this app');
    await page.getByLabel('Confirm new password').press('Enter');
    await expect(page.getByRole('heading', { name: PASSWORD_CHANGE_REQUIRED.title })).toBeHidden();
    await page.goto(`${server.url}/application`);
    await expect(page.getByRole('navigation', { name: 'Staff' }).getByText('Earlier Clerk')).toBeVisible();

    // The earlier hash is gone: the new password signs in, the earlier one no longer does.
    const row = await server.db
      .selectFrom('users')
      .select(['password_hash', 'must_change_password'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.must_change_password).toBe(0);
    await context.close();
  } finally {
    await server.close();
  }
});
