import { PASSWORD } from '@visa/shared/ui-texts';
import { PASSWORD_RESET } from '@visa/shared/users';
import { expectNoAxeViolations } from './support/axe';
import { addSubAdminViaApi, signInViaApi } from './support/staff';
import { expect, test } from './support/test';
import { outboxMails } from './support/office';

/** The reset link in the newest email to `to` in the outbox folder (no SMTP in the journeys). */
function resetLinkSentTo(to: string): string | undefined {
  for (const mail of outboxMails()) {
    // Quoted-printable: soft line breaks joined again, '=' written as =3D.
    const eml = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!eml.includes(`To: ${to}`)) continue;
    const link = /(https?:\/\/\S+\/reset-password#token=[\w-]+)/.exec(eml)?.[1];
    if (link) return link;
  }
  return undefined;
}

test('forgot password: a link by email, a new password, and signing in with it', async ({ page }) => {
  // A sub-admin of its own, so the owner's password other journeys use stays as it is.
  await signInViaApi(page);
  const email = `forgot.${Date.now().toString(36)}@example.com`;
  const created = await addSubAdminViaApi(page, { name: 'Forgetful Clerk', email, password: 'the old passphrase 1' });
  await page.evaluate(() => localStorage.removeItem('token'));
  expect(created).toBe(201);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: PASSWORD_RESET.link }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: PASSWORD_RESET.link })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toHaveText(PASSWORD_RESET.requested);

  await expect.poll(() => resetLinkSentTo(email), { timeout: 15_000 }).toBeTruthy();
  const link = new URL(resetLinkSentTo(email)!);
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  // The token is taken out of the address bar at once.
  await expect(page).toHaveURL(/\/reset-password$/);
  await expectNoAxeViolations(page);
  // A password the server refuses (it holds the email name): said under the box, as on the
  // profile form; the link still works for another try.
  const newPassword = page.getByLabel('New password', { exact: true });
  await newPassword.fill(`${email.split('@')[0]} for me`);
  await page.getByLabel('Confirm new password').fill(`${email.split('@')[0]} for me`);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(newPassword).toHaveAccessibleDescription(PASSWORD.containsEmailName);
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toHaveText(PASSWORD.containsEmailName);
  await expectNoAxeViolations(page);
  await newPassword.fill('a fresh passphrase 2');
  await page.getByLabel('Confirm new password').fill('a fresh passphrase 2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText(PASSWORD_RESET.done);

  // The same link does not work twice (opened afresh, as from the email again).
  await page.goto('about:blank');
  await page.goto(`${link.pathname}${link.hash}`);
  await page.getByLabel('New password', { exact: true }).fill('another passphrase 3');
  await page.getByLabel('Confirm new password').fill('another passphrase 3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSWORD_RESET.invalidLink);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a fresh passphrase 2');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
