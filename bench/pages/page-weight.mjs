// Page weight of the public pages, as a phone on a first visit receives them from the built app:
// bytes on the wire by type (the server sends brotli when asked, as Chromium does), the same
// scripts measured gzipped (gzip -9, what a gzip-only client receives), requests, and the hero
// video. Measured once on load (what a visitor who does not scroll downloads) and once after
// scrolling to the bottom (the carousel loads when it comes near). Budgets (ADR 0029, ADR 0010):
// JavaScript ≤ 90 KB gzipped on every public page in both languages, on load and after scrolling;
// none of the React Router app's scripts (the staff app) on them; hero video ≤ 300 KB. Exits 1
// when one is missed.
//   node bench/pages/page-weight.mjs    (BENGALI=1 to add the /bn pages)
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENGALI_PAGES, CHROME_FLAGS, CHROMIUM, PAGES, builtApp, writeResult, PHONE } from './server.mjs';

const JS_BUDGET_GZIP = 90_000;
const VIDEO_BUDGET = 300_000;
// The result page has no Lighthouse run (it is noindex, which SEO counts against it), but it is a public page.
const pages = [...PAGES, '/view-one', ...(process.env.BENGALI ? [...BENGALI_PAGES, '/bn/view-one'] : [])];
/** Scripts of the React Router app, which only login and the staff pages load (ADR 0029). */
const APP_SCRIPT = /\/assets\/(entry\.client|react-dom|jsx-runtime|root|manifest)-[\w-]+\.js$/;

const app = await builtApp();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });

/** Every response of one page visit: url, type, bytes on the wire (CDP encodedDataLength). */
async function visit(path, { scroll }) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => {
    // data: URLs (the icons' CSS masks) never touch the network.
    if (e.response.url.startsWith('data:')) return;
    requests.set(e.requestId, { url: e.response.url, type: e.type, encoding: e.response.headers['content-encoding'] ?? '' });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.wire = e.encodedDataLength;
  });
  await page.goto(`${app.base}${path}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  if (scroll) {
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
  }
  // The hero video is fetched in ranges and may still be streaming; its size is that of the file.
  await context.close();
  return [...requests.values()].filter((r) => r.wire !== undefined);
}

/** gzip -9 size of a script, fetched plain: what a client without brotli would receive. */
const gzipCache = new Map();
async function gzipSize(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    gzipCache.set(url, zlib.gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

const results = [];
let failed = false;
try {
  for (const path of pages) {
    for (const scroll of [false, true]) {
      const responses = await visit(path, { scroll });
      const byType = {};
      for (const r of responses) byType[r.type] = (byType[r.type] ?? 0) + r.wire;
      const scripts = responses.filter((r) => r.type === 'Script');
      const jsGzip = (await Promise.all(scripts.map((s) => gzipSize(s.url)))).reduce((a, b) => a + b, 0);
      const videos = responses.filter((r) => r.type === 'Media');
      const videoFiles = await Promise.all(
        [...new Set(videos.map((v) => v.url))].map(async (url) =>
          Number((await fetch(url, { method: 'HEAD' })).headers.get('content-length')),
        ),
      );
      const row = {
        page: path,
        moment: scroll ? 'after scrolling to the bottom' : 'on load',
        requests: responses.length,
        wireBytes: Object.values(byType).reduce((a, b) => a + b, 0),
        byType,
        scripts: scripts.length,
        scriptFiles: await Promise.all(
          scripts.map(async (s) => ({ path: new URL(s.url).pathname, wire: s.wire, gzip: await gzipSize(s.url) })),
        ),
        jsWire: byType.Script ?? 0,
        jsGzip,
        uncompressedText: responses.filter((r) => ['Script', 'Stylesheet', 'Document'].includes(r.type) && !r.encoding).map((r) => r.url),
        videoFileBytes: videoFiles,
      };
      const misses = [];
      if (jsGzip > JS_BUDGET_GZIP) misses.push(`JS ${jsGzip} B gzipped > ${JS_BUDGET_GZIP}`);
      const appScripts = scripts.filter((s) => APP_SCRIPT.test(new URL(s.url).pathname));
      if (appScripts.length) misses.push(`the app's scripts load: ${appScripts.map((s) => new URL(s.url).pathname).join(', ')}`);
      if (videoFiles.some((b) => b > VIDEO_BUDGET)) misses.push(`hero video ${Math.max(...videoFiles)} B > ${VIDEO_BUDGET}`);
      failed ||= misses.length > 0;
      results.push({ ...row, misses });
      const kb = (b) => `${(b / 1000).toFixed(1)} kB`;
      console.log(
        `${path.padEnd(12)} ${row.moment.padEnd(30)} ${String(row.requests).padStart(3)} req  wire ${kb(row.wireBytes).padStart(9)}` +
          `  JS ${kb(row.jsWire).padStart(8)} (${row.scripts} files; gzip ${kb(jsGzip)})  CSS ${kb(byType.Stylesheet ?? 0)}  HTML ${kb(byType.Document ?? 0)}` +
          `  img ${kb(byType.Image ?? 0)}  media ${kb(byType.Media ?? 0)}${videoFiles.length ? ` (video files ${videoFiles.map(kb).join(', ')})` : ''}` +
          (misses.length ? `  MISSED: ${misses.join('; ')}` : ''),
      );
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
console.log(`written to ${writeResult('page-weight', { budgets: { jsGzipPerPage: JS_BUDGET_GZIP, heroVideo: VIDEO_BUDGET }, results })}`);
process.exit(failed ? 1 : 0);
