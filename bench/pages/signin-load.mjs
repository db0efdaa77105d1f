// A cold full load of a sign-in page on a phone over slow 4G (1.6 Mb/s down, 750 kb/s up, 150 ms
// round trip, CPU slowed 4×, through the DevTools protocol), ADR 0050: when the form reacts, i.e.
// when the page's script has taken its forms over and called `visaFormsReady` (the inline "hold"
// script's hook, ADR 0037, the same moment for the React Router app and the islands script), and
// the JavaScript it fetched to get there. Median of RUNS (5) fresh browser contexts, empty cache.
// Target: ready ≤ 1.0 s after the navigation started. Exits 1 when a page misses it.
//   node bench/pages/signin-load.mjs [path …]     default /login /forgot-password /reset-password
//   WEB_DIST=<client build> compares another build; BASE_URL=<url> uses a running server.
// Results go to bench/results/signin-load-*.json.
import { chromium } from 'playwright-core';
import { CHROME_FLAGS, CHROMIUM, SLOW_4G, builtApp, median, writeResult } from './server.mjs';

const RUNS = Number(process.env.RUNS ?? 5);
const TARGET_MS = 1000;
const PAGES = process.argv.slice(2).length ? process.argv.slice(2) : ['/login', '/forgot-password', '/reset-password'];

/** In the page before its first script: the moment the hold script's hook is called. */
function instrument() {
  let hook;
  Object.defineProperty(window, 'visaFormsReady', {
    configurable: true,
    get: () => hook,
    set(fn) {
      hook = function (...args) {
        if (window.__formsReady === undefined) window.__formsReady = performance.now();
        return fn.apply(this, args);
      };
    },
  });
}

const app = await builtApp();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
const results = [];
try {
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.addInitScript(instrument);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const scripts = new Map();
      cdp.on('Network.responseReceived', (e) => {
        if (e.type === 'Script') scripts.set(e.requestId, { url: e.response.url, bytes: 0 });
      });
      cdp.on('Network.loadingFinished', (e) => {
        const script = scripts.get(e.requestId);
        if (script) script.bytes = e.encodedDataLength;
      });
      await tab.goto(`${app.base}${page}`, { waitUntil: 'load' });
      await tab.waitForFunction(() => window.__formsReady !== undefined, null, { timeout: 60_000 });
      const timing = await tab.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        return { ready: window.__formsReady, fcp: paint?.startTime ?? null, load: nav.loadEventEnd };
      });
      const jsBytes = [...scripts.values()].reduce((sum, s) => sum + s.bytes, 0);
      runs.push({ ...timing, jsBytes, scripts: scripts.size });
      await context.close();
    }
    const row = {
      page,
      readyMs: Math.round(median(runs.map((r) => r.ready))),
      fcpMs: Math.round(median(runs.map((r) => r.fcp ?? 0))),
      loadMs: Math.round(median(runs.map((r) => r.load))),
      jsTransferKB: Number((median(runs.map((r) => r.jsBytes)) / 1000).toFixed(1)),
      scripts: median(runs.map((r) => r.scripts)),
      runs,
    };
    results.push(row);
    console.log(
      `${page.padEnd(18)} ready ${String(row.readyMs).padStart(5)} ms  FCP ${String(row.fcpMs).padStart(5)} ms  load ${String(row.loadMs).padStart(5)} ms` +
        `  JS ${row.jsTransferKB} kB in ${row.scripts} scripts (transferred)${row.readyMs > TARGET_MS ? '  OVER 1.0 s' : ''}`,
    );
  }
} finally {
  await browser.close();
  await app.stop();
}
console.log(`results: ${writeResult('signin-load', { runs: RUNS, network: SLOW_4G, cpuSlowdown: 4, targetMs: TARGET_MS, results })}`);
process.exit(results.some((r) => r.readyMs > TARGET_MS) ? 1 : 0);
