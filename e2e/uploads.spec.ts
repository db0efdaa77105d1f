import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { cameraPhoto, describePicture } from '@visa/test-support/images';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { IMAGE_MAX_BYTES_ADD } from '@visa/shared/constants';
import { ADD_APPLICATION, UPLOAD } from '@visa/shared/ui-texts';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * Uploads from a phone camera (ADR 0026): a 12 MB-plus sideways camera photo goes through the add
 * form because the browser makes it at most 2000 px on its long edge and upright before sending,
 * with a progress bar on the way, and then through the edit form (2 MB) and as a document (7 MB);
 * and a connection that drops mid-upload keeps the form and offers Retry, which creates the
 * application exactly once (and sends the documents once more).
 */

const ADD_URL = '/api/application/addApplication';

async function fillForm(page: Page, tag: string) {
  const values: [string, string][] = [
    ['Surname', 'Rahman'],
    ['Given name', 'Nasrin'],
    ['Email', `camera.${tag.toLowerCase()}@example.com`],
    ['Phone', '01812-345678'],
    ['National ID', '1990123456789'],
    ['Date of birth', '1990-03-14'],
    ['Birth city', 'Khulna'],
    ['Identification (visible marks)', 'Mole on left cheek'],
    ['Company', 'Northern Care Homes'],
    ['Duty duration', '2 years'],
    ['Salary', 'CAD 2,800 / month'],
    ['Passport', `CP${tag}`],
  ];
  for (const [label, value] of values) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Sex').selectOption('Female');
  await page.getByLabel('Job title').selectOption('Caring Operator');
  for (const label of ['Current nationality', 'Issued country']) {
    const control = page.getByLabel(label, { exact: true });
    // A list of countries where there is one, else the text field.
    if ((await control.evaluate((el) => el.tagName)) === 'SELECT') {
      await expect(control).toBeEnabled();
      await control.selectOption({ label: 'Bangladesh' });
    } else {
      await control.fill('Bangladesh');
    }
  }
}

/** The applications whose passport starts with this, as the list API counts them. */
async function countByPassport(page: Page, passport: string): Promise<number> {
  return page.evaluate(async (prefix) => {
    const res = await fetch(`/api/application/fetchApplication?page=1&limit=10&search=${encodeURIComponent(prefix)}`, {
      headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
    });
    const body = (await res.json()) as { applications: unknown[] };
    return body.applications.length;
  }, passport);
}

test('a 12 MB sideways camera photo goes through the add form on a phone, made smaller and upright, with a progress bar; then the edit form and the documents', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const photoPath = testInfo.outputPath('IMG_4032.jpg');
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  const photo = await cameraPhoto();
  expect(photo.length).toBeGreaterThan(12 * 1024 * 1024);
  fs.writeFileSync(photoPath, photo);

  await signInViaApi(page);
  await page.goto('/addUserApplication');
  await expect(page.getByRole('heading', { name: 'Add Application' })).toBeVisible();
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  await fillForm(page, tag);
  await page.getByLabel('Image').setInputFiles(photoPath);
  // Made ready in the browser, then previewed; no size message although the file was over 10 MB.
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Add Application' })).toBeEnabled();

  // A slow phone connection (about 2 Mbit/s up) so the bar has time to show.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 1_000_000,
    uploadThroughput: 250_000,
  });

  const sent = page.waitForRequest((r) => r.url().endsWith(ADD_URL) && r.method() === 'POST');
  const answered = page.waitForResponse((r) => r.url().endsWith(ADD_URL) && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Add Application' }).click();
  const bar = page.getByRole('progressbar', { name: UPLOAD.progressLabel });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/^\d+ % uploaded$|^Uploaded\. Saving…$/)).toBeVisible();
  await expectNoAxeViolations(page);

  const response = await answered;
  expect(response.status()).toBe(201);
  // What went over the wire was the prepared photo, well under the 10 MB the original exceeded.
  const bodySize = Number(await (await sent).headerValue('content-length'));
  expect(bodySize).toBeGreaterThan(100_000);
  expect(bodySize).toBeLessThan(IMAGE_MAX_BYTES_ADD);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page).toHaveURL(/\/application$/);

  // The stored photo: at most 2000 px on its long edge, portrait, and the red that was on the
  // stored pixels' left is at the top: the camera's orientation was applied.
  const created = (await response.json()) as { image: string };
  const stored = await request.get(created.image);
  expect(stored.status()).toBe(200);
  const picture = await describePicture(await stored.body());
  expect(Math.max(picture.width, picture.height)).toBeLessThanOrEqual(2000);
  expect(picture.height).toBeGreaterThan(picture.width);
  expect(picture.orientation ?? 1).toBe(1);
  expect(picture.top.r).toBeGreaterThan(200);
  expect(picture.top.g).toBeLessThan(60);
  expect(Math.abs(picture.bottom.r - picture.bottom.g)).toBeLessThan(40);

  // The same photo on the edit form, whose limit is 2 MB.
  const { _id } = (await response.json()) as { _id: string };
  await page.goto(`/editApplication?id=${_id}`);
  await page.getByLabel('New image (optional)').setInputFiles(photoPath);
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Update Application' }).click();
  await expect(page).toHaveURL(/\/application$/);

  // And as a document (7 MB each), through a connection that drops once: the list is kept and
  // Retry sends it.
  await page.goto(`/updateApplicationView/${_id}`);
  await page.getByLabel('Choose documents (JPEG or PNG, at most 7 MB each)').setInputFiles(photoPath);
  await expect(page.getByRole('img', { name: 'Preview of IMG_4032.jpg' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Label for IMG_4032.jpg' }).selectOption('Work Permit');
  let puts = 0;
  await page.route(`**/api/application/updateApplicationAdd/${_id}`, async (route) => {
    puts += 1;
    if (puts === 1) await route.abort('connectionreset');
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Upload document' }).click();
  await page.getByRole('button', { name: UPLOAD.retry }).click();
  await expect(page.getByText('Document 1 of 1: Work Permit')).toBeVisible({ timeout: 15_000 });
  expect(puts).toBe(2);
});

test('a connection that drops during the upload keeps the form, and Retry adds the application once', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The same 12 MB camera photo, this time at desktop width.
  const photoPath = testInfo.outputPath('IMG_4033.jpg');
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(photoPath, await cameraPhoto());

  await signInViaApi(page);
  await page.goto('/addUserApplication');
  const tag = Date.now().toString(36).toUpperCase().slice(-6);
  await fillForm(page, tag);
  await page.getByLabel('Image').setInputFiles(photoPath);
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible({ timeout: 30_000 });

  let posts = 0;
  await page.route(`**${ADD_URL}`, async (route) => {
    posts += 1;
    if (posts === 1) await route.abort('internetdisconnected');
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Add Application' }).click();
  await expect(page.getByRole('alert')).toHaveText(ADD_APPLICATION.error);
  const retry = page.getByRole('button', { name: UPLOAD.retry });
  await expect(retry).toBeVisible();
  await expect(retry).toHaveAccessibleDescription(UPLOAD.connectionLost);
  // The form is as it was: entries and the prepared photo.
  await expect(page.getByLabel('Passport', { exact: true })).toHaveValue(`CP${tag}`);
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await countByPassport(page, `CP${tag}`)).toBe(0);

  await retry.click();
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByText(APPLICATION_TEXTS.added)).toBeVisible();
  expect(posts).toBe(2);
  expect(await countByPassport(page, `CP${tag}`)).toBe(1);
});
