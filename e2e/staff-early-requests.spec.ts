import type { Page } from '@playwright/test';
import { EARLY_BY_PAGE, EARLY_ON_EVERY_PAGE, earlyUrl } from '../apps/web/src/config/early-requests';
import { type ClockedServer, startClockedServer } from './support/clocked-server';
import { OWNER, signInViaApi } from './support/staff';
import { expect, test } from './support/test';

/**
 * The staff shell starts a page's first requests from its HTML (ADR 0057); the app's own calls take
 * their answers. Each listed request must be one the page really makes (else it is only waste) and
 * must go out once, not once early and again from the app.
 */

// A server of its own: these loads sign in, and the shared server's sign-ins from this one address
// are limited per quarter of an hour.
let server: ClockedServer | undefined;
test.use({
  // Playwright reads which fixtures a fixture needs from this pattern: none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    server ??= await startClockedServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, ADMIN_NAME: OWNER.name });
    await use(server.url);
  },
});
test.afterAll(async () => {
  await server?.close();
});

const PAGES: [string, string][] = [
  ['/dashboard', 'routes/admin/dashboard'],
  ['/application', 'routes/admin/application-list'],
  ['/slider', 'routes/admin/slide-list'],
  ['/userManagement', 'routes/admin/staff-list'],
  ['/profile', 'routes/admin/profile'],
  ['/setting', 'routes/admin/settings'],
];

/** The API addresses (path and query) a full load of `address` asked for, in order, until the network is quiet. */
async function apiRequestsOfLoad(page: Page, address: string) {
  const asked: string[] = [];
  const onRequest = (request: { url(): string; method(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') asked.push(url.pathname + url.search);
  };
  page.on('request', onRequest);
  await page.goto(address, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  page.off('request', onRequest);
  return asked;
}

const leftOver = (page: Page) => page.evaluate(() => (window as { __visaEarly?: { url: string }[] }).__visaEarly?.map((e) => e.url));

test('every request a staff page starts early is one the page makes, and goes out once', async ({ page }) => {
  expect(PAGES.map(([, route]) => route).sort()).toEqual(Object.keys(EARLY_BY_PAGE).sort());
  await signInViaApi(page);
  for (const [address, route] of PAGES) {
    const asked = await apiRequestsOfLoad(page, address);
    const early = [...EARLY_ON_EVERY_PAGE, ...(EARLY_BY_PAGE[route] ?? [])].map(earlyUrl);
    for (const url of early)
      expect(
        asked.filter((a) => a === url),
        `${address}: ${url}`,
      ).toHaveLength(1);
    // The app took every answer started for it.
    expect(await leftOver(page), address).toEqual([]);
  }
});

test('a page opened with a query asks for its own data itself; a token that no longer works is renewed as before', async ({ page }) => {
  await signInViaApi(page);
  const asked = await apiRequestsOfLoad(page, '/application?status=pending');
  const lists = asked.filter((a) => a.startsWith('/api/application/fetchApplication'));
  expect(lists).toHaveLength(1);
  expect(lists[0]).toContain('status=');

  // A stored token the server refuses: the early answers are 401s, and the app renews the token and asks again.
  await page.evaluate(() => localStorage.setItem('token', 'no-longer-valid'));
  const renewed = page.waitForResponse((res) => res.url().endsWith('/api/users/refresh'));
  await page.goto('/dashboard');
  expect((await renewed).status()).toBe(200);
  await expect(page.getByTestId('header-user')).toContainText('Office Owner');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBe('no-longer-valid');
});

test('a staff page keeps its title when the app draws its first frames late, as on a slow phone', async ({ page }) => {
  // Animation frames, and the app's fallback timer for them, come late: the page's modules (all
  // preloaded) are in before the app's first effects have run, the order that left pages untitled.
  await page.addInitScript(() => {
    const timer = window.setTimeout.bind(window);
    const late = (ms?: number) => (ms !== undefined && ms > 0 && ms < 100 ? 600 : ms);
    window.setTimeout = ((run: TimerHandler, ms?: number, ...rest: unknown[]) => timer(run, late(ms), ...rest)) as typeof window.setTimeout;
    window.requestAnimationFrame = (run) => timer(() => run(performance.now()), 600);
  });
  await signInViaApi(page);
  const titled: [string, string][] = [
    ['/dashboard', 'Dashboard | Canada Visa Desk'],
    ['/application', 'Application List | Canada Visa Desk'],
  ];
  for (const [address, title] of titled) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
});

test('an address that is no staff page shows the shell’s “Loading…” without the staff menu or header', async ({ page }) => {
  // The app's scripts come late, as on a slow link, so the shell is seen before the app sends the reader on.
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/no-such-page', { waitUntil: 'commit' });
  await expect(page.locator('.staff-fallback').getByText('Loading…')).toBeVisible();
  await expect(page.locator('.staff-fallback header')).toBeHidden();
  await expect(page.locator('.staff-fallback .staff-sidebar')).toBeHidden();
  await page.waitForURL((url) => url.pathname === '/');
});
