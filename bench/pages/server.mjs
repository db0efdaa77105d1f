// The built app for the page benchmarks: either BASE_URL (a server you started) or the real
// server from apps/api/dist on a free port with a throwaway DATA_DIR and the web build of WEB_DIST
// (default apps/web/build/client). With VIA_CADDY=1, Caddy in front of either: the pages over
// HTTP/2 and TLS, as an office behind deploy/Caddyfile gets them, instead of the HTTP/1.1 that
// `npm start` serves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startCaddyInFront, startServer } from '../lib/processes.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIA_CADDY = process.env.VIA_CADDY === '1';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Caddy's certificate comes from its own local authority, which this machine does not trust.
  ...(VIA_CADDY ? ['--ignore-certificate-errors'] : []),
];

/** The public pages with performance targets (ADR 0010), then their Bengali twins. */
export const PAGES = ['/', '/enquiry', '/about', '/terms'];
export const BENGALI_PAGES = ['/bn', '/bn/enquiry', '/bn/about', '/bn/terms'];

/** The staff account builtApp creates (with BASE_URL, the server you started must have it). */
export const BENCH_ACCOUNT = { email: 'bench@example.com', password: 'river stone lantern 7' };

/** Lighthouse's slow 4G, as the DevTools protocol sets it: 150 ms a round trip, 1.6 Mb/s down, 750 kb/s up. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** The phone the page benchmarks open their pages on. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/**
 * Signs the bench account in from a page of the app already open, as the sign-in form does: the
 * anti-forgery cookie echoed, the token kept in localStorage, the cookies left in the browser.
 * Answers 'signed in', or why not.
 */
export function signInFrom(page) {
  return page.evaluate(async ({ email, password }) => {
    const xsrf =
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.split('=')[1] ?? '';
    const res = await fetch('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
      body: JSON.stringify({ email, password }),
    });
    const body = await res.json();
    if (body.token) localStorage.setItem('token', body.token);
    return body.token ? 'signed in' : `sign-in failed: ${res.status}`;
  }, BENCH_ACCOUNT);
}

/** A phone-sized page of `browser`, signed in as the bench account, `observe` run first in each document it opens next. */
export async function signedInPhone(browser, app, observe) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(`${app.base}/`);
  const status = await signInFrom(page);
  if (status !== 'signed in') throw new Error(status);
  await context.addInitScript(observe);
  return { context, page };
}

/** The page's next loads on slow 4G with the CPU slowed 4×, as Lighthouse's mobile run; answers the DevTools session. */
export async function atPhoneSpeed(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

export async function builtApp() {
  const app = await appItself();
  if (!VIA_CADDY) return app;
  const caddy = await startCaddyInFront(app.base).catch(async (error) => {
    await app.stop();
    throw error;
  });
  return {
    base: caddy.base,
    protocol: 'HTTP/2 through Caddy',
    async stop() {
      await caddy.stop();
      await app.stop();
    },
  };
}

async function appItself() {
  if (process.env.BASE_URL)
    return { base: process.env.BASE_URL.replace(/\/$/, ''), protocol: 'as BASE_URL serves it', stop: async () => {} };
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/build/client'));
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`No web build in ${webDist}: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-pages-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    ADMIN_EMAIL: BENCH_ACCOUNT.email,
    ADMIN_PASSWORD: BENCH_ACCOUNT.password,
  });
  return {
    base: server.base,
    protocol: 'HTTP/1.1',
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function writeResult(name, data) {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return path.relative(root, file);
}
