import fs from 'node:fs';
import { jpeg } from '@visa/test-support/images';
import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { formatDate, todayIn } from '@visa/shared/dates';
import { VIEW, documentInvalidType } from '@visa/shared/ui-texts';
import { expectNoAxeViolations } from './support/axe';
import { addApplication } from './support/applications';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';
import { outboxMails } from './support/office';

test('applicant file: upload documents (one refused), approve, history and email, print and PDF', async ({ page }) => {
  const token = await signInViaApi(page);
  const application = await addApplication(page, token);

  await page.goto(`/updateApplicationView/${application._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants Copy (Pending)' })).toBeVisible();
  await expect(page.getByText('Shirin Akter', { exact: true })).toBeVisible();
  for (const title of ['A. Personal Particulars', 'B. Company Details', 'C. Passport Details', "D. Applicant's Contact Details"]) {
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Photo of Shirin Akter' })).toHaveJSProperty('complete', true);
  await expect(page.getByRole('img', { name: /^QR code linking to http/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // Two documents chosen, one of them a PDF: the browser refuses it with the required message.
  await page.getByLabel('Choose documents (JPEG or PNG, at most 7 MB each)').setInputFiles([
    { name: 'work-permit.jpg', mimeType: 'image/jpeg', buffer: await jpeg(900, 1200, '#e8eef8') },
    { name: 'contract.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  await expect(page.getByRole('alert')).toContainText(documentInvalidType('contract.pdf', 'application/pdf'));
  await expect(page.getByRole('img', { name: 'Preview of work-permit.jpg' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Label for work-permit.jpg' }).selectOption('Work Permit');
  await page.getByRole('button', { name: 'Upload document' }).click();
  await expect(page.getByText('Document 1 of 1: Work Permit')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Work Permit (document 1)' })).toHaveJSProperty('complete', true);

  // The server refuses a wrong type among good ones too, and keeps the list unchanged.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const mixed = await page.request.put(`/api/application/updateApplicationAdd/${application._id}`, {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    multipart: {
      file1: { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(mixed.status()).toBe(415);
  expect((await mixed.json()).message).toBe(documentInvalidType('scan.jpg', 'application/pdf'));

  // Pending: the copy says since when and that news comes by email, with no visa dates yet.
  await expect(page.getByRole('region', { name: 'Application Status' })).toContainText('Pending — we will email you when there is news');
  await expect(page.getByRole('region', { name: 'Visa Dates' })).toHaveCount(0);

  // Approve asks first, showing the date to be recorded (today); a double click on the confirm
  // button makes one change and one email.
  await page.getByRole('button', { name: 'Approve' }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve this application?' });
  await expect(approveDialog.getByLabel('Approval date')).toHaveValue(todayIn('Asia/Dhaka'));
  await expect(approveDialog.getByTestId('recorded-date')).toHaveText(`Date to be recorded: ${formatDate(todayIn('Asia/Dhaka'))} (today)`);
  await expectNoAxeViolations(page);
  await approveDialog.getByRole('button', { name: 'Approve application' }).dblclick();
  await expect(approveDialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants Copy (Approved)' })).toBeVisible();
  const dates = page.getByRole('region', { name: 'Visa Dates' });
  await expect(dates).toContainText(`Visa approve date${formatDate(todayIn('Asia/Dhaka'))}`);
  await expect(dates).toContainText(`Processing started${formatDate(todayIn('Asia/Dhaka'))}`);
  await expect(page.getByRole('button', { name: 'Approve' })).toBeDisabled();
  const xsrfToken = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const historyRes = await page.request.get(`/api/application/applicationHistory/${application._id}`, {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrfToken },
  });
  const recorded = (await historyRes.json()) as { history: { action: string }[]; emails: { subject: string }[] };
  expect(recorded.history.filter((e) => e.action === 'application.status')).toHaveLength(1);
  expect(recorded.emails.filter((e) => e.subject.startsWith('Visa application update: Approved'))).toHaveLength(1);

  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Application created');
  await expect(history).toContainText('Document added: Work Permit (work-permit.jpg)');
  await expect(history).toContainText('Status changed from Pending to Approved');

  // Without SMTP the email goes to the outbox folder; the view shows it delivered.
  const emails = page.getByRole('region', { name: 'Emails to the applicant' });
  const approvedRow = emails.getByRole('row', { name: /Visa application update: Approved/ });
  await expect(approvedRow.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(history).toContainText('Email written to the outbox folder: Visa application update: Approved');
  // Quoted-printable bodies wrap long lines with a trailing '='; joined again they read as written.
  const messages = outboxMails().map((eml) => eml.replace(/=\r?\n/g, ''));
  const approvalMail = messages.find((eml) => eml.includes(`To: ${application.email}`) && eml.includes('was approved on'));
  expect(approvalMail).toBeDefined();
  expect(approvalMail).toContain(`reference ${application._id}`);

  // Reject asks first (and the dialog is accessible); cancelling keeps the application approved.
  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this application?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants Copy (Approved)' })).toBeVisible();

  await expectNoAxeViolations(page);

  // Download PDF: the server's copy.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`applicants-copy-Akter-Shirin-${application.passport}.pdf`);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Print preview: only the copy, on A4, each document on a page of its own.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Approve' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(history).toBeHidden();
  await expect(page.getByLabel('Choose documents (JPEG or PNG, at most 7 MB each)')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants Copy (Approved)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: "D. Applicant's Contact Details" })).toBeVisible();
  const breakBefore = await page
    .locator('.af-document')
    .first()
    .evaluate((el) => getComputedStyle(el).breakBefore);
  expect(breakBefore).toBe('page');
  const printed = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(printed.subarray(0, 5).toString()).toBe('%PDF-');
});

test('applicant view: an unknown id goes back to the list with a message; a failed status action shows the required message', async ({
  page,
}) => {
  const token = await signInViaApi(page);
  await page.goto(`/updateApplicationView/${'0'.repeat(24)}`);
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByText(APPLICANT_FILE_TEXTS.applicationNotFound)).toBeVisible();

  const application = await addApplication(page, token);
  await page.goto(`/updateApplicationView/${application._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Applicants Copy (Pending)' })).toBeVisible();
  // Someone else rejects it in the meantime; this page still offers Reject.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const other = await page.request.put(`/api/application/updateApplicationReject/${application._id}`, {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    data: {},
  });
  expect(other.status()).toBe(200);
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject application' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(VIEW.rejectFailed);
  await expect(alert).toContainText(APPLICANT_FILE_TEXTS.alreadyInStatus('rejected'));
});
