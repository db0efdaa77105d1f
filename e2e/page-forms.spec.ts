import type { Page } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';
import { totpCode } from '@visa/test-support/totp';
import { VIEW_ONE } from '@visa/shared/ui-texts';
import { PAGE_FORMS } from '@visa/shared/page-forms';
import { PASSWORD_RESET } from '@visa/shared/users';
import { expectNoAxeViolations } from './support/axe';
import { startClockedServer } from './support/clocked-server';
import { OWNER, addSubAdminViaApi, signInViaApi } from './support/staff';
import { expect, test } from './support/test';
import { outboxMails } from './support/office';

/**
 * Forms before the page is ready and without JavaScript (ADR 0037): what is typed never goes into
 * an address. The page's scripts are held back by the test (released when it says so, no waiting
 * on a clock), the person types and presses Enter: the page says it is working, and the form is
 * sent once the scripts are there. Without JavaScript, the form is a POST and the server answers
 * a page.
 */

/** Holds every script of the page until `release` is called. */
async function holdScripts(page: Page) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every address the page asked for or showed; none may hold what was typed. */
function watchAddresses(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(request.url()));
  page.on('framenavigated', (frame) => seen.push(frame.url()));
  return (...typed: string[]) => {
    seen.push(page.url());
    for (const value of typed) {
      for (const url of seen) {
        expect(url, `an address held a typed value`).not.toContain(value);
        expect(url).not.toContain(encodeURIComponent(value));
      }
    }
  };
}

/** The reset link in the newest email to `to` in the outbox folder. */
function resetMailTo(to: string): boolean {
  return outboxMails().some((eml) => eml.includes(`To: ${to}`));
}

async function addApplication(page: Page) {
  const token = await signInViaApi(page);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const fields = {
    surname: 'Akter',
    givenN: 'Shirin',
    email: `shirin.${tag.toLowerCase()}@example.com`,
    phone: '8801712345678',
    nationalId: '1991123456789',
    sex: 'Female',
    dob: '1991-03-15',
    birthCity: 'Sylhet',
    currentN: 'Bangladeshi',
    identification: 'None',
    company: 'Prairie Hotels Inc',
    dutyDuration: '2 years',
    jobTitle: 'Housekeeping',
    salary: 'CAD 2,800 / month',
    passport: `PF${tag}`.slice(0, 12),
    issuedCountry: 'Bangladesh',
  };
  const res = await page.request.post('/api/application/addApplication', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    multipart: { ...fields, image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(300, 400, '#6b4e9c') } },
  });
  expect(res.status()).toBe(201);
  await page.evaluate(() => localStorage.clear());
  return fields;
}

test.describe('a form sent before the page is ready', () => {
  test('sign-in: held while the scripts load, then signed in; the password is in no address', async ({ page }) => {
    const addresses = watchAddresses(page);
    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByLabel('Password').press('Enter');
    const form = page.locator('form');
    await expect(form).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status')).toHaveText('Signing in…');
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
    await expectNoAxeViolations(page);
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Staff' }).getByText(OWNER.name)).toBeVisible();
    addresses(OWNER.email, OWNER.password);
  });

  test('forgot password: held, then sent once; the email is in no address', async ({ page }) => {
    await signInViaApi(page);
    const email = `early.${Date.now().toString(36)}@example.com`;
    expect(await addSubAdminViaApi(page, { name: 'Early Clerk', email, password: 'an early passphrase 7' })).toBe(201);
    await page.evaluate(() => localStorage.clear());
    const addresses = watchAddresses(page);
    const release = await holdScripts(page);
    await page.goto('/forgot-password', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByRole('status')).toHaveText('Sending…');
    release();
    await expect(page.getByText(PASSWORD_RESET.requested)).toBeVisible();
    await expect.poll(() => resetMailTo(email), { timeout: 15_000 }).toBe(true);
    addresses(email);
  });

  test('reset password with a link: the form comes with the script; the new password is in no address', async ({ page }) => {
    const addresses = watchAddresses(page);
    await page.goto('/reset-password#token=not-a-real-token-0123456789abcdef');
    await expect(page.locator('form')).toHaveAttribute('method', 'post');
    await expect(page.locator('form')).toHaveAttribute('action', '/reset-password');
    await page.getByLabel('New password', { exact: true }).fill('a held new passphrase 8');
    await page.getByLabel('Confirm new password').fill('a held new passphrase 8');
    await page.getByLabel('Confirm new password').press('Enter');
    // The made-up link is refused: the form was sent by the script, with what was typed.
    await expect(page.getByText(PASSWORD_RESET.invalidLink)).toBeVisible();
    addresses('a held new passphrase 8');
  });

  for (const [language, enquiry, labels, submit, noData] of [
    ['en', '/enquiry', ['Passport number', 'Nationality', 'Date of birth', 'Bangladesh'], 'Check status', VIEW_ONE.noData],
    ['bn', '/bn/enquiry', ['পাসপোর্ট নম্বর', 'জাতীয়তা', 'জন্মতারিখ', 'বাংলাদেশ'], 'অবস্থা দেখুন', 'আবেদনের কোনো তথ্য পাওয়া যায়নি।'],
  ] as const) {
    test(`status check (${language}): nothing leaves before the nationality can be chosen, then the result, kept out of history`, async ({
      page,
    }) => {
      const application = await addApplication(page);
      const addresses = watchAddresses(page);
      const release = await holdScripts(page);
      await page.goto(enquiry, { waitUntil: 'commit' });
      await page.getByLabel(labels[0]).fill(application.passport);
      await page.getByLabel(labels[2]).fill(application.dob);
      // The nationality list comes with the script: the browser keeps the form until it is chosen.
      await page.getByLabel(labels[0]).press('Enter');
      expect(new URL(page.url()).pathname).toBe(enquiry);
      release();
      await page.getByLabel(labels[1]).selectOption({ label: labels[3] });
      // The click may land while the page's script is still starting: the form is then held (its
      // button disabled) and sent by the script once ready, so the result page is what is awaited.
      const result = new RegExp(`${enquiry.replace('enquiry', 'view-one')}$`);
      const click = page
        .getByRole('button', { name: submit })
        .click()
        .catch(() => undefined);
      await Promise.race([page.waitForURL(result), click]);
      await expect(page).toHaveURL(result);
      await expect(page.getByRole('heading', { name: `${application.givenN} ${application.surname}` })).toBeVisible();
      expect(await page.evaluate(() => JSON.stringify(history.state))).not.toContain(application.passport);
      addresses(application.passport, application.dob);

      // Leaving and coming Back (the back-forward cache or not): the result is gone.
      await page.goto(language === 'bn' ? '/bn/about' : '/about');
      await page.goBack();
      await expect(page.getByRole('status')).toHaveText(noData);
      await expect(page.getByRole('heading', { name: `${application.givenN} ${application.surname}` })).toHaveCount(0);
    });
  }

  test('back-office forms post to their own page, and Enter sends nothing in the address', async ({ page }) => {
    await signInViaApi(page);
    const addresses = watchAddresses(page);
    for (const where of ['/profile', '/addUserManagement', '/addUserApplication', '/setting']) {
      await page.goto(where);
      await expect(page.locator('form').first()).toBeVisible();
      const forms = await page.locator('form').evaluateAll((all) => all.map((f) => [f.getAttribute('method'), f.getAttribute('action')]));
      for (const [method, action] of forms) {
        expect(method).toBe('post');
        expect(action).toBe(where);
      }
    }
    await page.goto('/profile');
    await page.getByLabel('Current password').fill('Typed-Current-4410');
    await page.getByLabel('New password', { exact: true }).fill('Typed-New-Passphrase-4411');
    await page.getByLabel('Confirm new password').fill('Typed-New-Passphrase-4411');
    await page.getByLabel('Confirm new password').press('Enter');
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.goto('/addUserManagement');
    await page.getByLabel('Name').fill('Typed Clerk');
    await page.getByLabel('Email').fill('typed.clerk@example.com');
    await page.getByLabel('Password').fill('Typed-Clerk-Passphrase-12');
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(/\/userManagement$/);
    addresses('Typed-Current-4410', 'Typed-New-Passphrase-4411', 'typed.clerk@example.com', 'Typed-Clerk-Passphrase-12');
  });
});

test('two-step sign-in: setting it up and the second step, with Enter, put no code or password in an address', async ({ page }) => {
  const email = `held.two.step.${Date.now().toString(36)}@example.com`;
  const password = 'held two step passphrase 3';
  await signInViaApi(page);
  expect(await addSubAdminViaApi(page, { name: 'Held Two Step', email, password })).toBe(201);
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  const addresses = watchAddresses(page);
  const signIn = async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Password').press('Enter');
  };
  await signIn();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await section.getByTestId('second-factor-secret').textContent())!.replaceAll(' ', '');
  const first = totpCode(secret);
  await section.getByLabel('Password', { exact: true }).fill(password);
  await section.getByLabel('Authentication code').fill(first);
  await section.getByLabel('Authentication code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await page.getByRole('button', { name: 'I have stored my recovery codes' }).click();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signIn();
  const second = totpCode(secret, 1);
  await page.getByLabel('Authentication code').fill(second);
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await signIn();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByLabel('Recovery code').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  addresses(email, password, first, second, codes[0]!);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sign-in posts the form and answers that the back office needs JavaScript', async ({ page }) => {
    const addresses = watchAddresses(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('heading', { name: PAGE_FORMS.staff.title })).toBeVisible();
    await expect(page.getByText(PAGE_FORMS.staff.text)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    addresses(OWNER.email, OWNER.password);
  });

  test('forgot password does its work and says so', async ({ page, browser }) => {
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await signInViaApi(staffPage);
    const email = `nojs.${Date.now().toString(36)}@example.com`;
    expect(await addSubAdminViaApi(staffPage, { name: 'No Script Clerk', email, password: 'a scriptless passphrase 9' })).toBe(201);
    await staffContext.close();

    const addresses = watchAddresses(page);
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByText(PASSWORD_RESET.requested)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => resetMailTo(email), { timeout: 15_000 }).toBe(true);
    addresses(email);
  });

  for (const [enquiry, texts] of [
    ['/enquiry', PAGE_FORMS.enquiry.en],
    ['/bn/enquiry', PAGE_FORMS.enquiry.bn],
  ] as const) {
    test(`the status check ${enquiry} posts, and the answer says JavaScript is needed`, async ({ page }) => {
      const addresses = watchAddresses(page);
      await page.goto(enquiry);
      const passport = page.locator('input[name="passport"]');
      await passport.fill('NJ1234567');
      await page.locator('input[name="dob"]').fill('1990-02-14');
      // The nationality list needs the script: the browser keeps the form while it is empty.
      await passport.press('Enter');
      expect(new URL(page.url()).pathname).toBe(enquiry);
      // Sent anyway (as a browser without form checks would): a POST, answered with a page.
      await page.locator('form.enquiry-form').evaluate((form: HTMLFormElement) => HTMLFormElement.prototype.submit.call(form));
      await expect(page.getByText(texts.text)).toBeVisible();
      await expect(page.getByRole('link', { name: texts.back })).toHaveAttribute('href', enquiry);
      expect(new URL(page.url()).pathname).toBe(enquiry);
      expect(new URL(page.url()).search).toBe('');
      addresses('NJ1234567', '1990-02-14');
    });
  }
});

test('the server log, at its finest level, holds nothing typed into a held form or one sent without JavaScript', async ({ browser }) => {
  const owner = { email: 'log.owner@example.com', password: 'log owner passphrase 9' };
  const lines: string[] = [];
  const server = await startClockedServer(
    { LOG_LEVEL: 'trace', ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password, ADMIN_NAME: 'Log Owner' },
    { logLines: lines },
  );
  try {
    const held = await browser.newPage();
    const release = await holdScripts(held);
    await held.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await held.getByLabel('Email').fill(owner.email);
    await held.getByLabel('Password').fill(owner.password);
    await held.getByLabel('Password').press('Enter');
    await expect(held.locator('form')).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(held).toHaveURL(/\/dashboard$/);
    await held.close();

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const page = await noScript.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByRole('heading', { name: PAGE_FORMS.staff.title })).toBeVisible();
    await page.goto(`${server.url}/forgot-password`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Email').press('Enter');
    await expect(page.getByText(PASSWORD_RESET.requested)).toBeVisible();
    await noScript.close();

    // The requests were logged (the level is right), and none of what was typed is there.
    expect(lines.some((line) => line.includes('"/api/users/login"'))).toBe(true);
    expect(lines.some((line) => line.includes('/forgot-password'))).toBe(true);
    const log = lines.join('');
    for (const value of [owner.email, owner.password, encodeURIComponent(owner.email), encodeURIComponent(owner.password)]) {
      expect(log).not.toContain(value);
    }
  } finally {
    await server.close();
  }
});
