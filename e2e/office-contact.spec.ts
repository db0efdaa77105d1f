import type { Locator, Page } from '@playwright/test';
import { VALIDATION } from '@visa/shared/ui-texts';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * The owner sets the office's contact in Settings; the public site shows it in the footer, on
 * /about and with the "no application found" message, in English and Bengali, with a tel: link a
 * phone can call (ADR 0025). The contact is filled in by the server, so it is there without
 * JavaScript too.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

const BENGALI_ADDRESS = 'বাড়ি ১২, রোড ৫, গুলশান ১, ঢাকা ১২১২';

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return () => expect(errors).toEqual([]);
}

/** The nationality field is a text box or a list of countries, depending on the form's version. */
async function chooseBangladesh(field: Locator, language: 'en' | 'bn') {
  if ((await field.evaluate((el) => el.tagName)) === 'SELECT') {
    await expect(field.locator('option', { hasText: language === 'bn' ? 'বাংলাদেশ' : 'Bangladesh' }).first()).toBeAttached();
    await field.selectOption({ label: language === 'bn' ? 'বাংলাদেশ' : 'Bangladesh' });
  } else {
    await field.fill('Bangladeshi');
  }
}

/** Clears the contact as the owner, so journeys after this one see the site without it. */
async function clearContact(page: Page) {
  const status = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.split('=')[1] ?? '',
    );
    const res = await fetch('/api/users/settings/office-contact', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      body: '{}',
    });
    return res.status;
  });
  expect(status).toBe(200);
}

async function expectContact(scope: Locator, texts: { address: string; hours: string }) {
  const address = scope.locator('address');
  await expect(address).toContainText(texts.address);
  await expect(address).toContainText(texts.hours);
  await expect(address.getByRole('link', { name: '+880 1712 345678' })).toHaveAttribute('href', 'tel:+8801712345678');
  await expect(address.getByRole('link', { name: 'office@example.com' })).toHaveAttribute('href', 'mailto:office@example.com');
}

test('the owner sets the office contact; the public site shows it in English and Bengali, with a tel: link on a phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInViaApi(page);
  try {
    // Nothing set yet: no contact block and no empty heading anywhere.
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('address')).toHaveCount(0);
    await expect(page.getByText('Contact the office')).toHaveCount(0);

    await page.goto('/setting');
    const form = page.getByRole('form', { name: 'Office contact' });
    await expect(form).toBeVisible();
    // A wrong map link is refused under the field, in words.
    await form.getByLabel('Map link').fill('http://maps.example.com/office');
    await form.getByRole('button', { name: 'Save office contact' }).click();
    await expect(form.getByText('The map link must be a full web address starting with https://.')).toBeVisible();

    await form.getByLabel('Address', { exact: true }).fill('House 12, Road 5\nGulshan 1, Dhaka 1212');
    await form.getByLabel('Address in Bengali (optional)').fill(BENGALI_ADDRESS);
    await form.getByLabel('Opening hours', { exact: true }).fill('Sunday to Thursday, 10:00 to 18:00');
    await form.getByLabel('Opening hours in Bengali (optional)').fill('রবিবার থেকে বৃহস্পতিবার, সকাল ১০টা থেকে সন্ধ্যা ৬টা');
    await form.getByLabel('Phone').fill('01712-345678');
    await form.getByLabel('Email').fill('office@example.com');
    await form.getByLabel('Map link').fill('https://maps.example.com/?q=gulshan');
    await form.getByRole('button', { name: 'Save office contact' }).click();
    await expect(page.getByText('Office contact saved.')).toBeVisible();
    // Stored in E.164, shown as people read it.
    await expect(form.getByLabel('Phone')).toHaveValue('+880 1712 345678');
    await expectNoAxeViolations(page);

    // English: the footer and /about, straight from the server's HTML, hydrating without errors.
    const noErrors = watchErrors(page);
    await page.goto('/about');
    const english = { address: 'House 12, Road 5', hours: 'Sunday to Thursday, 10:00 to 18:00' };
    await expectContact(page.getByRole('contentinfo'), english);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Contact the office' }) });
    await expectContact(section, english);
    const map = section.getByRole('link', { name: 'See the office on a map (opens in a new tab)' });
    await expect(map).toHaveAttribute('href', 'https://maps.example.com/?q=gulshan');
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', /noopener/);
    await expectNoAxeViolations(page);

    // No application found: the message, then how to reach the office.
    await page.goto('/enquiry');
    await page.getByLabel('Passport number').fill('ZZ0000001');
    await chooseBangladesh(page.getByLabel('Nationality'), 'en');
    await page.getByLabel('Date of birth').fill('1990-02-15');
    await expect(page.getByRole('alert')).toHaveText(VALIDATION.enquiryNoMatch);
    await expect(page.getByText('If your details are right and you still see this, please contact the office:')).toBeVisible();
    await expectContact(page.getByRole('main'), english);
    await expectNoAxeViolations(page);

    // Bengali: Bengali words and address, the Bengali hours.
    await page.goto('/bn/about');
    const bengali = { address: BENGALI_ADDRESS, hours: 'রবিবার থেকে বৃহস্পতিবার' };
    await expect(page.getByRole('heading', { name: 'অফিসে যোগাযোগ' })).toBeVisible();
    await expectContact(page.getByRole('contentinfo'), bengali);
    await expect(page.getByRole('contentinfo')).toContainText('ঠিকানা');
    await expectNoAxeViolations(page);

    await page.goto('/bn/enquiry');
    await page.getByLabel('পাসপোর্ট নম্বর').fill('ZZ0000001');
    await chooseBangladesh(page.getByLabel('জাতীয়তা'), 'bn');
    await page.getByLabel('জন্মতারিখ').fill('1990-02-15');
    await expect(page.getByText('আপনার তথ্য ঠিক থাকার পরও এটি দেখলে অনুগ্রহ করে অফিসে যোগাযোগ করুন:')).toBeVisible();
    await expectContact(page.getByRole('main'), bengali);
    await expectNoAxeViolations(page);

    noErrors();

    // The sign-in page (English only) runs the whole app: it hydrates onto the filled footer
    // without complaint. A visitor of its own, since a signed-in one goes straight on.
    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const login = await visitor.newPage();
      const noLoginErrors = watchErrors(login);
      await login.goto('/login');
      await expect(login.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
      await expect(login.getByLabel('Email')).toBeEditable();
      await expectContact(login.getByRole('contentinfo'), english);
      noLoginErrors();
    } finally {
      await visitor.close();
    }

    // A phone: the number is a link that calls it, and nothing is wider than the screen.
    await page.setViewportSize(PHONE);
    for (const path of ['/bn', '/']) {
      // The English home sends a visitor who last read Bengali to /bn: this visit is in English.
      if (path === '/') await page.evaluate(() => localStorage.setItem('lang', 'en'));
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      const call = page.getByRole('contentinfo').getByRole('link', { name: '+880 1712 345678' });
      await call.scrollIntoViewIfNeeded();
      await expect(call).toBeVisible();
      await expect(call).toHaveAttribute('href', 'tel:+8801712345678');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page);
    }

    // Without JavaScript the server's HTML already carries it.
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL: test.info().project.use.baseURL });
    try {
      const noScript = await plain.newPage();
      await noScript.goto('/bn/about');
      await expect(noScript.getByRole('heading', { name: 'অফিসে যোগাযোগ' })).toBeVisible();
      await expect(noScript.getByRole('contentinfo').getByRole('link', { name: '+880 1712 345678' })).toHaveAttribute(
        'href',
        'tel:+8801712345678',
      );
    } finally {
      await plain.close();
    }
  } finally {
    await clearContact(page);
  }
  await page.goto('/about');
  await expect(page.locator('address')).toHaveCount(0);
});
