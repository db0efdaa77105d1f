import { expectNoAxeViolations } from './support/axe';
import { DESKTOP, PHONE, sectionHeadings, watchErrors } from './support/public';
import { expect, test } from './support/test';

/**
 * The public site's home page and navigation at every screen size. The Bengali pages, the status
 * check and how the pages are delivered have files of their own (public-*.spec.ts).
 */

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
      expect(await footer.getByRole('link').allTextContents()).toEqual([
        'Terms',
        'Privacy notice',
        'Services',
        'About',
        'Home',
        'Visa Enquiry',
        'Login',
      ]);
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
