import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * Settings → Messages (ADR 0044): the owner edits a status text in Bangla and sees its SMS count
 * and preview as they type, is told under the text when a variable does not exist, and saves quiet
 * hours. With no provider configured on this server, the channels cannot be turned on.
 */
test('the owner edits the status texts with a live SMS count and preview, and saves quiet hours', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInViaApi(page);
  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Messages' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('SMS (no provider configured on the server)')).toBeDisabled();

  const bangla = form.getByLabel('Approved: SMS in Bangla');
  await bangla.fill('প্রিয় {firstName}, আপনার ভিসা আবেদন {status} হয়েছে। {officeName}');
  await expect(bangla).toHaveAccessibleDescription(/UCS-2 · 1 SMS \(70 per part\)/);
  await expect(form.getByText('প্রিয় Karim, আপনার ভিসা আবেদন অনুমোদিত হয়েছে। কানাডা ভিসা ডেস্ক')).toBeVisible();
  await bangla.fill('অ'.repeat(71));
  await expect(bangla).toHaveAccessibleDescription(/71 characters · UCS-2 · 2 SMS parts \(67 per part\)/);

  const english = form.getByLabel('Approved: SMS in English');
  await english.fill('Dear {firstName}, passport {passport} is {status}');
  const refusal =
    'The template uses {passport}, which is not a variable. Use only {firstName}, {status}, {officeName}, {officePhone} and {statusLink}.';
  await expect(english).toHaveAccessibleDescription(new RegExp(refusal.replace(/[{}().]/g, '\\$&')));
  await form.getByRole('button', { name: 'Save messages' }).click();
  await expect(form.getByRole('alert')).toHaveText(refusal);

  await english.fill('Dear {firstName}, your visa application is {status}. {statusLink}');
  await expect(english).toHaveAccessibleDescription(/GSM-7 · 1 SMS \(160 per part\)/);
  await bangla.fill('প্রিয় {firstName}, আপনার ভিসা আবেদন {status} হয়েছে।');
  await form.getByLabel('Quiet from').fill('20:00');
  await form.getByRole('button', { name: 'Save messages' }).click();
  await expect(page.getByText('Message settings saved.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('form', { name: 'Messages' }).getByLabel('Quiet from')).toHaveValue('20:00');
  await expect(page.getByRole('form', { name: 'Messages' }).getByLabel('Approved: SMS in English')).toHaveValue(
    'Dear {firstName}, your visa application is {status}. {statusLink}',
  );

  // On a phone: the receipts' BIN and VAT rate and the years the books stay, and the whole page passes axe.
  await page.setViewportSize({ width: 375, height: 740 });
  // Loaded on the phone, as a phone opens it (narrowing the window leaves the desktop's menu open as a drawer).
  await page.reload();
  const receipts = page.getByRole('form', { name: 'Receipts and VAT' });
  await receipts.getByLabel('BIN (Business Identification Number)').fill('1234567');
  await receipts.getByLabel('VAT rate (%)').fill('7.5');
  await receipts.getByRole('button', { name: 'Save receipt settings' }).click();
  await expect(receipts.getByLabel('BIN (Business Identification Number)')).toHaveAccessibleDescription(/^A BIN is 9 or 13 digits\./);
  await receipts.getByLabel('BIN (Business Identification Number)').fill('123456789');
  await receipts.getByRole('button', { name: 'Save receipt settings' }).click();
  await expect(page.getByText('The receipt settings were saved.')).toBeVisible();
  await expect(receipts.getByText("Seller's BIN: 123456789 · VAT rate: 7.5%")).toBeVisible();
  const books = page.getByRole('form', { name: 'Keeping financial records' });
  await expect(books.getByLabel('Years to keep financial records')).toHaveValue('6');
  // The scheduled jobs' table scrolls sideways on a phone: the keyboard reaches its scroll box.
  const jobs = page.getByRole('region', { name: 'Scheduled jobs' });
  await jobs.focus();
  await expect(jobs).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
});
