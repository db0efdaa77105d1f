// What a staff page paints and moves as it opens, signed in, at phone size (412 × 823) on slow 4G
// (150 ms round trip, 1.6 Mb/s) with the CPU slowed 4× through the DevTools protocol: each largest
// contentful paint candidate (its element, size and time), each layout shift with the elements that
// moved, the long tasks, and with REQUESTS=1 every request's start and end. Lighthouse 12's own
// audits of the LCP element and of the shifts fail on this Chromium (its trace engine cannot read
// the screenshots' frames), so this is where to see them. Empty cache for each load.
//   node bench/pages/staff-paint.mjs
// Knobs: PAGES (/dashboard,/application), RUNS (1) per page, WAIT (6000 ms after load),
// REQUESTS (unset), BASE_URL, WEB_DIST, CHROMIUM_PATH as in server.mjs.
import { chromium } from 'playwright-core';
import { CHROMIUM, atPhoneSpeed, builtApp, signedInPhone } from './server.mjs';

const PAGES = (process.env.PAGES ?? '/dashboard,/application').split(',');
const RUNS = Number(process.env.RUNS ?? 1);
const WAIT = Number(process.env.WAIT ?? 6000);

/** Runs in the page before its scripts: records the candidates, shifts and long tasks. */
function observe() {
  const describe = (node) => {
    if (!node?.tagName) return String(node?.nodeName ?? node);
    const box = node.getBoundingClientRect();
    const classes = typeof node.className === 'string' && node.className.trim() ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
    const text = (node.textContent ?? '').trim().slice(0, 40);
    return `${node.tagName.toLowerCase()}${classes} "${text}" ${Math.round(box.width)}×${Math.round(box.height)} at y ${Math.round(box.y)}`;
  };
  const seen = (window.__paint = { lcp: [], shifts: [], long: [] });
  const watch = (type, record) => new PerformanceObserver((list) => list.getEntries().forEach(record)).observe({ type, buffered: true });
  watch('largest-contentful-paint', (e) => seen.lcp.push({ ms: Math.round(e.startTime), size: e.size, element: describe(e.element) }));
  watch('layout-shift', (e) =>
    seen.shifts.push({
      ms: Math.round(e.startTime),
      value: Number(e.value.toFixed(4)),
      moved: e.sources.map(
        (s) => `${describe(s.node)} (was at y ${Math.round(s.previousRect.y)}, ${Math.round(s.previousRect.height)} high)`,
      ),
    }),
  );
  watch('longtask', (e) => seen.long.push([Math.round(e.startTime), Math.round(e.duration)]));
}

const app = await builtApp();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const { context, page } = await signedInPhone(browser, app, observe);
  for (const path of PAGES)
    for (let run = 0; run < RUNS; run++) {
      const cdp = await atPhoneSpeed(context, page);
      await cdp.send('Network.clearBrowserCache');
      await page.goto(`${app.base}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(WAIT);
      const seen = await page.evaluate(() => ({
        ...window.__paint,
        fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
        requests: performance
          .getEntriesByType('resource')
          .map((r) => [Math.round(r.startTime), Math.round(r.responseEnd), r.name.replace(location.origin, '')]),
      }));
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
      const cls = seen.shifts.reduce((sum, s) => sum + s.value, 0);
      console.log(
        `\n${path}  first contentful paint ${seen.fcp} ms  layout shift ${cls.toFixed(4)}  long tasks ${JSON.stringify(seen.long)}`,
      );
      for (const c of seen.lcp) console.log(`  LCP candidate ${String(c.ms).padStart(5)} ms  size ${c.size}  ${c.element}`);
      for (const s of seen.shifts)
        console.log(`  shift ${String(s.ms).padStart(5)} ms  ${s.value}\n${s.moved.map((m) => `      ${m}`).join('\n')}`);
      if (process.env.REQUESTS)
        for (const [start, end, url] of seen.requests)
          console.log(`  ${String(start).padStart(5)} → ${String(end).padStart(5)} ms  ${url}`);
    }
} finally {
  await browser.close();
  await app.stop();
}
