import type { APIRequestContext, Page } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';
import { CASE_UI_TEXTS as CASE } from '@visa/shared/case-ui-texts';
import { addDays, formatDate, todayIn } from '@visa/shared/dates';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * A clerk on a phone (375 × 740): no staff page scrolls sideways, the lists show their key columns
 * within the screen, and the staff menu is an overlay that Escape closes, giving focus back to its
 * button (ADR 0020).
 */

const PHONE = { width: 375, height: 740 };

async function staffHeaders(page: Page, token: string) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
}

async function addApplication(request: APIRequestContext, headers: Record<string, string>) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const res = await request.post('/api/application/addApplication', {
    headers,
    multipart: {
      // Long values on purpose: the narrow layout must wrap them, not widen the page.
      surname: 'Chowdhury-Rahmanullah',
      givenN: 'Mohammad Abdullah Al',
      email: `mohammad.abdullah.${tag.toLowerCase()}@example-longdomainname.com`,
      phone: '8801812345678',
      nationalId: '1992123456789',
      sex: 'Male',
      dob: '1992-07-09',
      birthCity: 'Sylhet',
      currentN: 'Bangladeshi',
      identification: 'Scar on right hand',
      company: 'Northern Construction and Maintenance Services of Canada Ltd',
      dutyDuration: '3 years',
      jobTitle: 'Construction',
      salary: 'CAD 3,000 / month',
      passport: `PH${tag}`.slice(0, 12),
      issuedCountry: 'Bangladesh',
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(300, 400, '#c08060') },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: string };
}

async function addSlide(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.post('/api/slider/addSlider', {
    headers,
    multipart: {
      thumbnail: 'Phones slide with a rather long title to wrap',
      title: 'Text',
      status: 'Published',
      altText: 'A picture',
      image: { name: 'p.jpg', mimeType: 'image/jpeg', buffer: await jpeg(800, 500, '#5070a0') },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { _id: string };
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('at 375 px no staff page scrolls sideways', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  const token = await signInViaApi(page);
  const headers = await staffHeaders(page, token);
  const application = await addApplication(request, headers);
  const slide = await addSlide(request, headers);
  // A passport at the office: the file's Passport section has a handover and the list a row. UTC's
  // date is never ahead of the office's (Dhaka is ahead of UTC).
  const handover = await request.post(`/api/application/case/${application._id}/passport`, {
    headers,
    data: {
      from: 'applicant',
      to: 'office',
      date: new Date().toISOString().slice(0, 10),
      counterpart: 'Abdullah Al Chowdhury-Rahmanullah (brother)',
    },
  });
  expect(handover.status()).toBe(200);

  const pages: [path: string, heading: RegExp][] = [
    ['/dashboard', /^Dashboard$/],
    ['/application', /^Application List$/],
    ['/addUserApplication', /^Add Application$/],
    [`/editApplication?id=${application._id}`, /^Edit Application$/],
    [`/updateApplicationView/${application._id}`, /^Applicants Copy/],
    ['/passports', /^Passports we hold$/],
    ['/reports', /^Reports$/],
    ['/slider', /^Slider List$/],
    ['/addSliders', /^Add Slider$/],
    [`/editSlider?id=${slide._id}`, /^Edit Slider$/],
    ['/userManagement', /^Admin List$/],
    ['/addUserManagement', /^Add Admin$/],
    ['/profile', /^Profile$/],
    ['/setting', /^Settings$/],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Let the page's data arrive (lists, pictures) before measuring.
    await page.waitForLoadState('networkidle');
    expect(await scrollWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    // The newest staff page gets its scan here; the others have theirs in their own journeys.
    if (path === '/reports') await expectNoAxeViolations(page);
  }

  // The admin edit page opens from the list (it works on the row passed along).
  await page.goto('/userManagement');
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Edit Admin$/ })).toBeVisible();
  expect(await scrollWidth(page), '/editUserManagement').toBeLessThanOrEqual(PHONE.width);
});

test('on a phone the lists show their key columns on screen', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const token = await signInViaApi(page);
  await addApplication(request, await staffHeaders(page, token));
  await page.goto('/application');
  const card = page.getByRole('row', { name: /Chowdhury-Rahmanullah/ }).first();
  await expect(card).toBeVisible();
  for (const control of [card.getByRole('button', { name: /^View / }), card.getByRole('button', { name: /^Edit / })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(card.getByText('Pending')).toBeInViewport();
  await expectNoAxeViolations(page);

  await page.goto('/userManagement');
  const staffRow = page.getByRole('row', { name: /owner@example.com/ });
  await expect(staffRow.getByText('owner@example.com')).toBeInViewport();
  await expectNoAxeViolations(page);
});

test('on a phone the staff menu covers the page; Escape closes it and focus returns to its button', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInViaApi(page);
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Show menu' });
  await expect(toggle).toBeVisible();
  const mainBox = (await page.locator('main').boundingBox())!;
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Staff' });
  await expect(menu.getByRole('link', { name: 'Application List' })).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
  // The content keeps its place and width: the menu lies over it.
  expect((await page.locator('main').boundingBox())!.width).toBe(mainBox.width);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('link', { name: 'Application List' })).not.toBeInViewport();
  await expect(page.getByRole('button', { name: 'Show menu' })).toBeFocused();
  // Picking a page closes it too.
  await page.getByRole('button', { name: 'Show menu' }).click();
  await menu.getByRole('link', { name: 'Slider List' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Slider List' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Application List' })).not.toBeInViewport();
});

test('on a phone a letter from IRCC is entered on the Case panel, its deadline from the rule', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const token = await signInViaApi(page);
  const application = await addApplication(request, await staffHeaders(page, token));
  await page.goto(`/updateApplicationView/${application._id}`);
  const panel = page.getByRole('region', { name: CASE.title, exact: true });
  const form = panel.getByRole('form', { name: CASE.letterForm });
  await form.getByLabel(CASE.letterKind, { exact: true }).selectOption('biometrics');
  const letterDate = addDays(todayIn('Asia/Dhaka'), -2);
  await form.getByLabel(CASE.letterDate, { exact: true }).fill(letterDate);
  await expect(form.getByLabel(CASE.letterDeadline, { exact: true })).toHaveValue(addDays(letterDate, 30));
  await form.getByRole('button', { name: CASE.enterLetter }).click();
  await expect(panel.getByText(CASE.deadline(formatDate(addDays(letterDate, 30))))).toBeVisible();
  await expect(panel.getByText(CASE.daysLeft(28))).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
});
