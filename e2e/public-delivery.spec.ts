import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/test';

/** How the public pages are delivered: accessibility, search-engine tags, compression, and which scripts load. */

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
    '/privacy',
    '/bn/privacy',
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

test('public pages load the islands script only; the login page its own islands script, not the app (ADR 0029, ADR 0050)', async ({
  page,
}) => {
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
  // From a public page, Login is a plain link: the sign-in page is an islands page too, with its own script.
  scripts.length = 0;
  await page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('link', { name: 'লগইন' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => /^\/assets\/sign-in-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.filter((s) => /\/(entry\.client|react-dom|root)-/.test(s))).toEqual([]);
});
