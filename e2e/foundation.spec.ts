import { expectNoAxeViolations } from './support/axe';
import { signInViaApi } from './support/staff';
import { expect, test } from './support/test';

test('the health check answers JSON, with the running version', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
});

test('public pages are served as prerendered HTML, before any script runs', async ({ request }) => {
  for (const path of ['/', '/terms', '/about', '/enquiry', '/login']) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1');
  }
});

test('pages carry a strict content security policy: scripts by hash, never inline-unsafe', async ({ request }) => {
  const res = await request.get('/');
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page).toHaveURL(/\/$/);
});

test('a staff page without a token redirects to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in staff member sees the sidebar of docs/product.md#navigation', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Staff' });
  for (const label of [
    'Dashboard',
    'Admin List',
    'Add Admin',
    'Application List',
    'Add Application',
    'Slider List',
    'Add Slider',
    'Profile',
    'Settings',
  ]) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide menu' }).click();
  await expect(page.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('the home page has no accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expectNoAxeViolations(page);
});
