import type { Page } from '@playwright/test';

/**
 * The address these sign-ins come from, one per worker (the server trusts one proxy hop in the
 * journeys): the whole run signs in more often than the limit per address lets one address, and
 * the journeys that sign in through the form still come from 127.0.0.1.
 */
const signInAddress = () => `198.51.100.${10 + Number(process.env.TEST_WORKER_INDEX ?? 0)}`;

export const OWNER = { email: 'owner@example.com', password: 'maple desk key 2026', name: 'Office Owner' };

/**
 * Signs in through the API from the page's own origin (cookies and token as the login form
 * leaves them). Journeys that test the form itself use the form instead.
 */
export async function signInViaApi(page: Page, user = OWNER) {
  // Any answer of the site sets the anti-forgery cookie and gives a document of its origin to call
  // from; robots.txt does both without loading the home page's scripts and pictures first.
  await page.goto('/robots.txt');
  const token = await page.evaluate(
    async ({ email, password, address }) => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.split('=')[1] ?? '';
      const res = await fetch('/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf), 'x-forwarded-for': address },
        body: JSON.stringify({ email, password }),
      });
      const body = (await res.json()) as { token?: string };
      if (!body.token) throw new Error(`sign-in failed: ${res.status}`);
      localStorage.setItem('token', body.token);
      return body.token;
    },
    { ...user, address: signInAddress() },
  );
  return token;
}

/**
 * Adds a sub-admin through the API as the signed-in owner (the page must hold the owner's token,
 * e.g. after signInViaApi) and answers the HTTP status.
 */
export async function addSubAdminViaApi(page: Page, account: { name: string; email: string; password: string }): Promise<number> {
  return page.evaluate(async (body) => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.split('=')[1] ?? '',
    );
    const res = await fetch('/api/users/add_user', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      body: JSON.stringify(body),
    });
    return res.status;
  }, account);
}
