import type { Page } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';
import { VALIDATION, VIEW_ONE } from '@visa/shared/messages';
import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** Fails the test on any console error or uncaught exception (hydration mismatches included). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return () => expect(errors).toEqual([]);
}

/** Creates an application the way staff do: through the add call, with a photo. */
async function addApplication(page: Page, overrides: Record<string, string> = {}) {
  const token = await signInViaApi(page);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const photo = await jpeg(300, 400, '#9c6b4e');
  const fields = {
    surname: 'Begum',
    givenN: 'Nasrin',
    email: `nasrin.${tag.toLowerCase()}@example.com`,
    phone: '8801712345678',
    nationalId: '1990123456789',
    sex: 'Female',
    dob: '1990-02-14',
    birthCity: 'Khulna',
    currentN: 'Bangladeshi',
    identification: 'Mole on chin',
    company: 'Prairie Hotels Inc',
    dutyDuration: '2 years',
    jobTitle: 'Housekeeping',
    salary: 'CAD 2,800 / month',
    passport: `PB${tag}`.slice(0, 12),
    issuedCountry: 'Bangladesh',
    ...overrides,
  };
  const res = await page.request.post('/api/application/addApplication', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    multipart: { ...fields, image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(res.status()).toBe(201);
  // The visitor is not signed in: the status check is public.
  await page.evaluate(() => localStorage.clear());
  return fields;
}

/** The landing page's section headings, in document order (the carousel's own markup excluded). */
const sectionHeadings = (page: Page) => page.locator('main > section h1.hero-title, main > section > .container > h2').allTextContents();

const HOME_SECTIONS_EN = [
  'CANADIAN VISA',
  'Corporate Travel Management',
  'How Do We Work?',
  'Improve Your Chances of Approval',
  'Our Work in Pictures',
  'Apply and Check your eligibility',
  'Our Application Process',
];

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`home page at ${name} width`, () => {
    test.use({ viewport });

    test('shows every section of the home page in order, then the footer links', async ({ page }) => {
      const noErrors = watchErrors(page);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await sectionHeadings(page)).toEqual(HOME_SECTIONS_EN);
      await expect(page.getByText('( Work, Visit, Student )')).toBeVisible();
      const cta = page.getByRole('link', { name: 'CHECK APPLICATION STATUS' });
      await expect(cta).toHaveAttribute('href', '/enquiry');
      for (const step of ['Assessment', 'Processing and Communication', 'Result']) {
        await expect(page.getByRole('heading', { name: step, exact: true })).toBeAttached();
      }
      for (const step of ['Online Application', 'Visa Fees', 'Biometrics Accepted', 'Visa Decision and Validity']) {
        await expect(page.getByRole('heading', { name: step, exact: true })).toBeAttached();
      }
      await expect(page.getByText('Processing takes 3 to 5 weeks.')).toBeAttached();
      await expect(page.getByText('Visa delivery takes an additional 2 business days after approval.')).toBeAttached();

      const official = page.getByRole('link', { name: /Go to the official Canadian visa website/ });
      await expect(official).toHaveAttribute('target', '_blank');
      await expect(official).toHaveAttribute('rel', /noopener/);
      await expect(official).toHaveAttribute('href', /^https:\/\/www\.canada\.ca\//);

      const footer = page.getByRole('navigation', { name: 'Footer' });
      expect(await footer.getByRole('link').allTextContents()).toEqual(['Terms', 'Services', 'About', 'Home', 'Visa Enquiry', 'Login']);
      await expect(footer.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/about#services');
      await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');

      // The hero video: muted, looping, inline, with a poster; its sources arrive after load.
      const video = page.locator('video.hero-video');
      await expect(video).toHaveAttribute('poster', /\/assets\/hero-poster-.*\.webp$/);
      expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.playsInline])).toEqual([true, true, true]);
      await expect(video.locator('source')).toHaveCount(2);
      await expect(page.getByRole('button', { name: /background video/ })).toBeVisible();

      // The carousel's code loads only as the visitor comes near it.
      await page.waitForLoadState('networkidle');
      expect(scripts.filter((url) => url.includes('carousel-slot'))).toEqual([]);
      const carousel = page.waitForRequest(/\/assets\/carousel-slot-[\w-]+\.js$/);
      await page.locator('#gallery').scrollIntoViewIfNeeded();
      await carousel;
      noErrors();
    });

    test('navbar: fixed, active look and scroll-to-top after 100 px', async ({ page }) => {
      const noErrors = watchErrors(page);
      await page.goto('/');
      const navbar = page.locator('nav.site-navbar');
      await expect(navbar).toHaveCSS('position', 'fixed');
      await expect(navbar).not.toHaveClass(/\bactive\b/);
      const toTop = page.getByRole('button', { name: 'Back to top' });
      await expect(toTop).toHaveCount(0);

      await page.evaluate(() => window.scrollTo(0, 90));
      await expect(navbar).not.toHaveClass(/\bactive\b/);
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect(navbar).toHaveClass(/\bactive\b/);
      await expect(toTop).toBeVisible();
      await toTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(navbar).not.toHaveClass(/\bactive\b/);
      await expect(toTop).toHaveCount(0);
      noErrors();
    });
  });
}

test.describe('navbar below 992 px', () => {
  test.use({ viewport: PHONE });

  test('collapses behind an accessible toggle with a 300 ms transition, and closes on navigation and Escape', async ({ page }) => {
    const noErrors = watchErrors(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: 'Menu' });
    const enquiry = nav.getByRole('link', { name: 'VISA ENQUIRY' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(enquiry).toBeHidden();
    await expect(page.locator('#main-nav')).toHaveCSS('transition-duration', /0\.3s/);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(enquiry).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(enquiry).toBeHidden();

    await toggle.click();
    await enquiry.click();
    await expect(page).toHaveURL(/\/enquiry$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check Your Application Status');
    noErrors();
  });

  test.describe('desktop', () => {
    test.use({ viewport: DESKTOP });
    test('shows the links without a toggle from 992 px', async ({ page }) => {
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: 'Menu' })).toBeHidden();
      for (const name of ['HOME', 'VISA ENQUIRY', 'LOGIN']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/login');
    });
  });
});

test.describe('prefers reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('keeps the hero still: poster only, no video sources', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const video = page.locator('video.hero-video');
    await expect(video).toHaveAttribute('poster', /hero-poster/);
    await expect(video.locator('source')).toHaveCount(0);
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});

test.describe('Bengali', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`switches from the navbar, sets lang, is remembered, and switches back (${name})`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      const noErrors = watchErrors(page);
      await page.goto('/about');
      if (name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'বাংলা' }).click();
      await expect(page).toHaveURL(/\/bn\/about$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('আমাদের সম্পর্কে');

      // Arriving again on an English address, the site opens in Bengali.
      await page.goto('/');
      await expect(page).toHaveURL(/\/bn$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('কানাডার ভিসা');
      expect(await sectionHeadings(page)).toEqual([
        'কানাডার ভিসা',
        'কর্পোরেট ভ্রমণ ব্যবস্থাপনা',
        'আমরা কীভাবে কাজ করি?',
        'অনুমোদনের সম্ভাবনা বাড়ান',
        'ছবিতে আমাদের কাজ',
        'আবেদন করুন এবং আপনার যোগ্যতা যাচাই করুন',
        'আমাদের আবেদন প্রক্রিয়া',
      ]);
      // Bengali digits in the processing statement.
      await expect(page.getByText('প্রক্রিয়াকরণে ৩ থেকে ৫ সপ্তাহ লাগে।')).toBeAttached();

      if (name === 'phone') await page.getByRole('button', { name: 'মেনু' }).click();
      await page.getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.goto('/terms');
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
      noErrors();
    });
  }

  test('prerendered Bengali pages carry their content and lang before any script runs', async ({ request }) => {
    for (const [path, text] of [
      ['/bn', 'কানাডার ভিসা'],
      ['/bn/enquiry', 'আবেদনের অবস্থা যাচাই করুন'],
      ['/bn/about', 'আমাদের সম্পর্কে'],
      ['/bn/terms', 'সেবার শর্তাবলি'],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<html lang="bn"');
      expect(html, path).toContain(text);
    }
  });
});

test.describe('status enquiry', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`a match opens the applicant copy on /view-one (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const application = await addApplication(page);
      const noErrors = watchErrors(page);
      await page.goto('/enquiry');
      await page.getByLabel('Passport number').fill(application.passport.toLowerCase());
      // Picked from the country list, in the page's language (ADR 0024).
      await page.getByLabel('Nationality').selectOption({ label: 'Bangladesh' });
      await page.getByLabel('Date of birth').fill(application.dob);
      // No submit: the search fires by itself 500 ms after typing stops.
      await expect(page).toHaveURL(/\/view-one$/);
      await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
      await expect(page.getByText('In progress').first()).toBeVisible();
      // Pending: since when, and that news comes by email; nothing about collecting a visa (ADR 0020).
      await expect(page.getByText('We will email you when there is news.')).toBeVisible();
      await expect(page.getByText('In progress since')).toBeVisible();
      await expect(page.getByText('Visa collection date')).toHaveCount(0);
      await expect(page.getByText('14-02-1990')).toBeVisible();
      await expect(page.getByText(application.passport)).toBeVisible();
      await expect(page.getByRole('img', { name: 'Photo of Nasrin Begum' })).toBeVisible();
      expect(
        await page.getByRole('img', { name: 'Photo of Nasrin Begum' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
      ).toBeGreaterThan(0);
      // Readable on a phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoAxeViolations(page);
      // Printable: the site's chrome goes, the copy stays.
      await page.emulateMedia({ media: 'print' });
      await expect(page.locator('nav.site-navbar')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Print this page' })).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
      noErrors();
    });
  }

  test('a miss shows the required message and stays on the page; the Bengali page finds the same copy', async ({ page }) => {
    const application = await addApplication(page);
    await page.goto('/enquiry');
    await page.getByLabel('Passport number').fill(application.passport);
    await page.getByLabel('Nationality').selectOption({ label: 'Bangladesh' });
    await page.getByLabel('Date of birth').fill('1990-02-15');
    await expect(page.getByRole('alert')).toHaveText(VALIDATION.enquiryNoMatch);
    await expect(page).toHaveURL(/\/enquiry$/);

    await page.goto('/bn/enquiry');
    await page.getByLabel('পাসপোর্ট নম্বর').fill(application.passport);
    await page.getByLabel('জাতীয়তা').selectOption({ label: 'বাংলাদেশ' });
    await page.getByLabel('জন্মতারিখ').fill(application.dob);
    await page.getByRole('button', { name: 'অবস্থা দেখুন' }).click();
    await expect(page).toHaveURL(/\/bn\/view-one$/);
    await expect(page.getByText('১৪-০২-১৯৯০')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  });

  test('switching language on the result page keeps the result, and the URL carries none of it', async ({ page }) => {
    const application = await addApplication(page);
    await page.goto('/enquiry');
    await page.getByLabel('Passport number').fill(application.passport);
    await page.getByLabel('Nationality').selectOption({ label: 'Bangladesh' });
    await page.getByLabel('Date of birth').fill(application.dob);
    await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
    await page.getByRole('link', { name: 'বাংলা' }).click();
    await expect(page).toHaveURL(/\/bn\/view-one$/);
    await expect(page.getByRole('heading', { name: 'Nasrin Begum' })).toBeVisible();
    await expect(page.getByText('১৪-০২-১৯৯০')).toBeVisible();
    await expect(page.getByText('কোনো খবর হলে আমরা আপনাকে ইমেইল করব।')).toBeVisible();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/view-one$/);
    await expect(page.getByText('14-02-1990')).toBeVisible();
    expect(page.url()).not.toContain(application.passport);
  });

  test("/view-one without results says 'No application data found.'", async ({ page }) => {
    await page.goto('/view-one');
    await expect(page.getByRole('status')).toHaveText(VIEW_ONE.noData);
  });
});

test('an unknown English path goes to the home page; an unknown Bengali one says so in Bengali', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CANADIAN VISA');

  await page.goto('/bn/nothing-here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('পাতাটি পাওয়া যায়নি');
  await expect(page).toHaveURL(/\/bn\/nothing-here$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expectNoAxeViolations(page);
  await page.getByRole('navigation', { name: 'এই সাইটের পাতাগুলো' }).getByRole('link', { name: 'ভিসা অনুসন্ধান' }).click();
  await expect(page).toHaveURL(/\/bn\/enquiry$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('আবেদনের অবস্থা যাচাই করুন');
});

test('every public page in both languages passes axe', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of ['/', '/enquiry', '/about', '/terms', '/view-one', '/bn', '/bn/enquiry', '/bn/about', '/bn/terms', '/bn/view-one']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await test.step(path, () => expectNoAxeViolations(page));
  }
});

test('titles, descriptions and Open Graph tags; robots.txt and sitemap.xml', async ({ page, request }) => {
  await page.goto('/terms');
  await expect(page).toHaveTitle('Terms of Service | Canada Visa Desk');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /application process/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Terms of Service | Canada Visa Desk');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', '/og-image.jpg');
  await page.goto('/bn');
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'bn_BD');
  await page.goto('/view-one');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  const robots = await (await request.get('/robots.txt')).text();
  for (const line of ['Disallow: /dashboard', 'Disallow: /login', 'Disallow: /api/', 'Disallow: /updateApplicationView/']) {
    expect(robots).toContain(line);
  }
  expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)).toEqual([
    '/',
    '/bn',
    '/enquiry',
    '/bn/enquiry',
    '/about',
    '/bn/about',
    '/terms',
    '/bn/terms',
  ]);
});

test('pages and scripts are sent compressed', async ({ request }) => {
  const home = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(home.headers()['content-encoding']).toBe('br');
  const script = (await home.text()).match(/\/assets\/islands-[\w-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const js = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(js.headers()['content-encoding']).toBe('gzip');
  expect(js.headers()['cache-control']).toContain('immutable');
});

test('public pages load the islands script only; the login page loads the app (ADR 0029)', async ({ page }) => {
  test.setTimeout(60_000);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  for (const path of ['/', '/enquiry', '/about', '/terms', '/view-one', '/bn', '/bn/enquiry', '/bn/about', '/bn/terms', '/bn/view-one']) {
    scripts.length = 0;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(
      scripts.filter((s) => /\/(entry\.client|react-dom|root)-/.test(s)),
      path,
    ).toEqual([]);
    expect(
      scripts.some((s) => /^\/assets\/islands-[\w-]+\.js$/.test(s)),
      path,
    ).toBe(true);
  }
  // From a public page, Login is a plain link: the sign-in page arrives with the app.
  scripts.length = 0;
  await page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('link', { name: 'লগইন' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(scripts.some((s) => /\/entry\.client-/.test(s))).toBe(true);
});

test('the layout holds at 360, 576, 768, 992, 1200 and 1400 px: nothing wider than the screen', async ({ page }) => {
  test.setTimeout(90_000);
  for (const width of [360, 576, 768, 992, 1200, 1400]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/enquiry', '/about', '/terms', '/bn', '/bn/enquiry']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
    // The menu folds away below lg (992 px) and is laid out in full from there.
    const toggle = page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('button', { name: 'মেনু' });
    if (width < 992) await expect(toggle).toBeVisible();
    else await expect(toggle).toBeHidden();
  }
});

test('Bengali pages render in the self-hosted Bengali face; English pages never download it', async ({ page }) => {
  const fonts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'font') fonts.push(new URL(response.url()).pathname);
  });

  for (const path of ['/', '/enquiry', '/about']) {
    await page.goto(path);
    await page.evaluate(() => document.fonts.ready);
  }
  expect(fonts, 'fonts requested by English pages').toEqual([]);

  await page.goto('/bn');
  const face = await page.evaluate(async () => {
    await document.fonts.ready;
    await document.fonts.load('16px "Noto Sans Bengali"', 'কানাডা');
    return document.fonts.check('16px "Noto Sans Bengali"', 'কানাডা');
  });
  expect(face).toBe(true);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font).toMatch(/^\/assets\/noto-sans-bengali-bengali-(400|700)-normal-[\w-]+\.woff2$/);
  const served = await page.request.get(fonts[0]!);
  expect(served.headers()['content-type']).toBe('font/woff2');
  expect(served.headers()['cache-control']).toContain('immutable');
  // font-display: swap — the text is shown at once in a system face while the font loads.
  const display = await page.evaluate(() => {
    let found: string | undefined;
    document.fonts.forEach((f) => {
      if (f.family.includes('Noto Sans Bengali')) found = f.display;
    });
    return found;
  });
  expect(display).toBe('swap');
});
