import type { Page, Request } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { type ClockedServer, startClockedServer } from './support/clocked-server';
import { expect, test } from './support/test';

/**
 * The idle limit end to end (ADR 0018). The server keeps the limit on its own clock, so this
 * journey runs a server of its own whose clock it holds (ADR 0034), with the shortest idle limit
 * (2 minutes), and moves that clock and the page's (Playwright's clock) together instead of waiting.
 */

const OWNER = { email: 'desk.owner@example.com', password: 'maple desk key 2026' };

let server: ClockedServer;

test.beforeAll(async () => {
  server = await startClockedServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, SESSION_IDLE_MINUTES: '2' });
});

test.afterAll(async () => {
  await server.close();
});

/** The page's requests still unanswered: each is activity the server and the page count when answered. */
function inFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * Time passes for the server first, so whatever the page's timers then ask it is answered as at the
 * later time. Only once the page has nothing in flight: a call answered after the clocks moved is
 * activity at the later time, which rightly puts the warning off (a list shown from the cache may
 * still be asking again).
 */
async function idle(page: Page, pending: () => number, ms: number) {
  await expect.poll(pending).toBe(0);
  server.advance(ms);
  await page.clock.fastForward(ms);
}

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('the idle warning keeps the session with Stay signed in; idling out lands on the login page saying why, and signing in returns to the page', async ({
  page,
}) => {
  await page.clock.install();
  const pending = inFlight(page);
  await page.goto(`${server.url}/login`);
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Application List' }).click();
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByRole('heading', { name: 'Application List', level: 1 })).toBeVisible();
  // The heading is there before the list is asked for: its answer first.
  await expect(page.getByRole('cell', { name: 'No applications found.' })).toBeVisible();

  // A minute before the 2-minute idle end, the page asks.
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeHidden();
  await idle(page, pending, 61_000);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('You will be signed out in 1 minute because there has been no activity.');
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  await expectNoAxeViolations(page);

  // Staying is one call the server counts as activity.
  const stay = page.waitForResponse((res) => res.url().endsWith('/api/users/session') && res.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await stay).status()).toBe(200);
  await expect(warning).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Application List', level: 1 })).toBeVisible();

  // Then nobody touches the page: the warning comes back a minute later, and two minutes after Stay
  // signed in the server has ended the session. The page's background checks never count as activity.
  await idle(page, pending, 61_000);
  await expect(warning).toBeVisible();
  await idle(page, pending, 60_000);
  await expect(page).toHaveURL(/\/login\?reason=idle$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'You were signed out because there was no activity for a while. Please sign in again.' }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expectNoAxeViolations(page);

  // Signing in again returns to the page the person was on.
  await signIn(page);
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByRole('heading', { name: 'Application List', level: 1 })).toBeVisible();
});

test('a reason the login page does not know shows nothing, and an outside return address is not followed', async ({ page }) => {
  await page.goto(`${server.url}/login?reason=${encodeURIComponent('Your account was hacked. Call 555')}`);
  await expect(page.getByRole('heading', { name: 'Staff Login' })).toBeVisible();
  await expect(page.getByTestId('session-ended')).toHaveCount(0);
  await expect(page.getByText('hacked')).toHaveCount(0);

  await page.goto(`${server.url}/login?reason=signed-out`);
  await expect(page.getByRole('status').filter({ hasText: 'You have signed out.' })).toBeVisible();
  // Navigation state with a hostile return address, as a script on the site could leave it.
  await page.evaluate(() => window.history.replaceState({ usr: { from: '//evil.example/dashboard' }, key: 'x', idx: 0 }, '', '/login'));
  await page.reload();
  await signIn(page);
  await expect(page).toHaveURL(`${server.url}/dashboard`);
});
