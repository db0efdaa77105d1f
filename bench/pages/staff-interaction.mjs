// Responsiveness of the staff pages on a phone over slow 4G (1.6 Mb/s down, 750 kb/s up, 150 ms
// round trip) with the CPU slowed 4× (ADR 0043): typing a passport search on `/application`, and
// pressing a status button on the applicant file. Each interaction's duration comes from the
// browser's own Event Timing entries (PerformanceObserver 'event', the input of Interaction to Next
// Paint); the search also reports when its results were on screen after the last key, and the
// status button when its confirmation dialog was. Targets: search INP ≤ 200 ms, status feedback
// ≤ 100 ms. Exits 1 when one is missed.
//   node bench/pages/staff-interaction.mjs    ROWS (2000) applications seeded
// Results go to bench/results/staff-interaction-*.json.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root, startServer } from '../lib/processes.mjs';
import { seedApplications } from '../lib/seed-applications.mjs';
import { CHROME_FLAGS, CHROMIUM, writeResult } from './server.mjs';

const ROWS = Number(process.env.ROWS ?? 2000);
const SEARCH = 'Rahman';
const TARGETS = { searchInpMs: 200, statusFeedbackMs: 100 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-interaction-'));
const secret = randomBytes(32).toString('hex');
const { token } = await seedApplications({ dataDir, secret, count: ROWS });
const server = await startServer({ DATA_DIR: dataDir, APP_SECRET: secret, WEB_DIST: path.join(root, 'apps/web/build/client') });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });

/** In the page from its first script: the seeded staff member's token, and every Event Timing entry. */
function instrument(accessToken) {
  localStorage.setItem('token', accessToken);
  document.cookie = 'session=1; path=/';
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.__events.push({ name: e.name, duration: e.duration, id: e.interactionId });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The longest interaction since the last reset: what INP reports for a handful of interactions. */
const takeInteractions = (page) =>
  page.evaluate(() => {
    const byId = new Map();
    for (const e of window.__events) byId.set(e.id, Math.max(byId.get(e.id) ?? 0, e.duration));
    window.__events = [];
    return { count: byId.size, inpMs: Math.max(0, ...byId.values()) };
  });

let failed;
const result = { rows: ROWS, targets: TARGETS };
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(instrument, token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6e6 / 8) * 0.9,
    uploadThroughput: (750e3 / 8) * 0.9,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const started = Date.now();
  await page.goto(`${server.base}/application`);
  const search = page.getByRole('searchbox', { name: 'Search applications by passport or name' });
  await search.waitFor();
  await page
    .getByRole('button', { name: /^View / })
    .first()
    .waitFor();
  result.listShownMs = Date.now() - started;
  await takeInteractions(page);

  // Typing as a person does; the results are the rows that follow the search's answer.
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/application/fetchApplication') && r.url().includes(`search=${SEARCH}`),
  );
  await search.click();
  await search.pressSequentially(SEARCH, { delay: 150 });
  const lastKey = Date.now();
  await answered;
  await page.waitForFunction(
    (surname) => [...document.querySelectorAll('tbody tr')].every((row) => row.textContent.includes(surname)),
    SEARCH,
  );
  result.searchResultsAfterLastKeyMs = Date.now() - lastKey;
  result.search = await takeInteractions(page);

  // The status buttons are on the applicant file; feedback is the confirmation dialog.
  await page
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  await approve.waitFor();
  await page.waitForTimeout(1000);
  await takeInteractions(page);
  const feedback = page.evaluate(
    () =>
      new Promise((resolve) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Approve');
        let pressed = 0;
        button.addEventListener('pointerdown', () => (pressed = performance.now()), { once: true });
        new MutationObserver((_, observer) => {
          if (!document.querySelector('[role="dialog"]')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - pressed)));
        }).observe(document.body, { childList: true, subtree: true });
      }),
  );
  await approve.click();
  result.statusDialogShownMs = Math.round(await feedback);
  await page.getByRole('dialog').waitFor();
  result.status = await takeInteractions(page);

  const misses = [];
  if (result.search.inpMs > TARGETS.searchInpMs) misses.push(`search INP ${result.search.inpMs} ms > ${TARGETS.searchInpMs}`);
  const statusMs = Math.max(result.status.inpMs, result.statusDialogShownMs);
  if (statusMs > TARGETS.statusFeedbackMs) misses.push(`status feedback ${statusMs} ms > ${TARGETS.statusFeedbackMs}`);
  result.misses = misses;
  failed = misses.length > 0;
  console.log(
    `/application shown in ${result.listShownMs} ms; search "${SEARCH}": ${result.search.count} interactions, INP ${result.search.inpMs} ms, ` +
      `results ${result.searchResultsAfterLastKeyMs} ms after the last key; status button: INP ${result.status.inpMs} ms, ` +
      `dialog on screen ${result.statusDialogShownMs} ms after the press${misses.length ? `  MISSED: ${misses.join('; ')}` : ''}`,
  );
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`written to ${writeResult('staff-interaction', result)}`);
process.exit(failed ? 1 : 0);
