import { ERASURE_TEXTS } from '@visa/shared/retention';
import { expectNoAxeViolations } from './support/axe';
import { addApplication } from './support/applications';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

test('the owner sets a retention window with its preview, and erases one applicant from the file', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signInViaApi(page);
  const application = await addApplication(page, token, { surname: 'Begum', givenN: 'Nasrin' }, 'EC');
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));

  await page.goto('/setting');
  const form = page.getByRole('form', { name: 'Retention of personal data' });
  await expect(form).toBeVisible();
  await form.getByLabel('Anonymise refused applications').check();
  await expect(form.getByLabel('Months (months after the decision)')).toHaveValue('24');
  await form.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText(ERASURE_TEXTS.saved)).toBeVisible();
  await expect(page.getByTestId('retention-counts')).toHaveText(/^0 applications: /);
  await expectNoAxeViolations(page);

  await page.goto(`/updateApplicationView/${application._id}`);
  await page.getByRole('button', { name: 'Erase now' }).click();
  const dialog = page.getByRole('dialog', { name: "Erase this applicant's personal data?" });
  await dialog.getByLabel(/^Reason/).fill('Asked by the applicant in writing');
  await dialog.getByLabel("Type the applicant's passport number to confirm").fill(application.passport);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByText(ERASURE_TEXTS.erased)).toBeVisible();
  await expect(page.getByText('Begum', { exact: true })).toHaveCount(0);
  for (const url of urls) expect(url).not.toContain(application.passport);
});
