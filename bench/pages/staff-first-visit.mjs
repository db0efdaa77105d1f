// A staff page's first visit at phone speed: each load in a browser of its own, so nothing the
// browser compiled or cached on an earlier load helps it (a Lighthouse run shares one browser with
// the runs before it). Signed in through the API, then the page opened on slow 4G with the CPU
// slowed 4× through the DevTools protocol, at phone size; the long tasks come from the page's own
// PerformanceObserver. Reports per page the medians of the blocking time after the first
// contentful paint (each long task's time beyond 50 ms), the longest task and the long tasks' sum.
// Given several web builds, it serves each from a server of its own and loads them in turns, in
// one run, the order swapped every round (ADR 0115 compared a build with the one before this way).
//   node bench/pages/staff-first-visit.mjs [web build directory …]
// Knobs: PAGES (/dashboard,/application), RUNS (6) per page and build, WAIT (4000 ms after load),
// CHROMIUM_PATH as in server.mjs. Without a directory it loads apps/web/build/client (or WEB_DIST).
import { chromium } from 'playwright-core';
import { CHROMIUM, SLOW_4G, atPhoneSpeed, builtApp, median, signedInPhone, writeResult } from './server.mjs';

const RUNS = Number(process.env.RUNS ?? 6);
const WAIT = Number(process.env.WAIT ?? 4000);
const PAGES = (process.env.PAGES ?? '/dashboard,/application').split(',');
const BUILDS = process.argv.slice(2);

/** In the page before its scripts: every long task, from the start of the load. */
function observe() {
  const seen = (window.__visit = { long: [] });
  new PerformanceObserver((list) =>
    list.getEntries().forEach((e) => seen.long.push([Math.round(e.startTime), Math.round(e.duration)])),
  ).observe({
    type: 'longtask',
    buffered: true,
  });
}

async function firstVisit(app, path) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { context, page } = await signedInPhone(browser, app, observe);
    await atPhoneSpeed(context, page);
    await page.goto(`${app.base}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(WAIT);
    const seen = await page.evaluate(() => ({
      ...window.__visit,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    const blocking = seen.long.filter(([start]) => start >= seen.fcp).reduce((sum, [, ms]) => sum + Math.max(0, ms - 50), 0);
    return {
      fcp: Math.round(seen.fcp),
      blocking,
      longest: Math.max(0, ...seen.long.map(([, ms]) => ms)),
      sum: seen.long.reduce((s, [, ms]) => s + ms, 0),
    };
  } finally {
    await browser.close();
  }
}

const sides = [];
try {
  for (const dir of BUILDS.length ? BUILDS : [process.env.WEB_DIST]) {
    if (dir) process.env.WEB_DIST = dir;
    sides.push({ build: dir ?? 'apps/web/build/client', app: await builtApp(), loads: {} });
  }
  for (let run = 0; run < RUNS; run++)
    for (const path of PAGES)
      for (const side of run % 2 ? [...sides].reverse() : sides) (side.loads[path] ??= []).push(await firstVisit(side.app, path));
  const results = sides.flatMap((side) =>
    PAGES.map((path) => {
      const loads = side.loads[path];
      const of = (key) => median(loads.map((load) => load[key]));
      const row = {
        build: side.build,
        page: path,
        blockingMs: of('blocking'),
        longestMs: of('longest'),
        longTasksMs: of('sum'),
        fcpMs: of('fcp'),
        loads,
      };
      console.log(
        `${side.build}  ${path.padEnd(13)} blocking after FCP ${String(row.blockingMs).padStart(4)} ms (loads ${loads.map((l) => l.blocking).join('/')})  longest task ${row.longestMs} ms  long tasks ${row.longTasksMs} ms  FCP ${row.fcpMs} ms`,
      );
      return row;
    }),
  );
  console.log(`written to ${writeResult('staff-first-visit', { runs: RUNS, cpuSlowdown: 4, network: SLOW_4G, results })}`);
} finally {
  for (const side of sides) await side.app.stop();
}
