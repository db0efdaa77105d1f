import { DESKTOP, PHONE, sectionHeadings, watchErrors } from './support/public';
import { expect, test } from './support/test';

/** The public site in Bengali: switching language, prerendered pages, the self-hosted Bengali face. */

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
