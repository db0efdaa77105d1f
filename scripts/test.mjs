// `npm test`: the whole suite. Unit, component and API tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) with Vitest, then the browser journeys with Playwright in Chromium.
//   npm test -- --no-browser        only the Vitest part (CI runs it on the older Node: ADR 0034)
//   npm test -- --browser-only      only the browser journeys
// With one part chosen, the arguments after it go to that part's runner (file filters, --grep …).
// Whatever ran, the last line printed is the closing `tests: N passed, N failed`; a run in which
// nothing passed, anything failed or anything was skipped exits non-zero.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

const PARTS = { '--no-browser': { vitest: true, browser: false }, '--browser-only': { vitest: false, browser: true } };
const args = process.argv.slice(2);
const chosen = PARTS[args[0]];
const parts = chosen ?? { vitest: true, browser: true };
const passThrough = chosen ? args.slice(1) : args;
if (!chosen && passThrough.length > 0) {
  console.error(
    `npm test: unknown arguments ${passThrough.join(' ')}; the first may be --no-browser or --browser-only, and the rest go to that part`,
  );
  process.exit(2);
}

ensureInstalled();
ensureBuilt();

const results = path.join(root, '.tmp', 'test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

if (parts.vitest && !process.env.TEST_DATABASE_URL) {
  console.log('Note: TEST_DATABASE_URL is not set, so the API suite runs on SQLite only (.ci/run sets it for PostgreSQL).');
}

const vitestJson = path.join(results, 'vitest.json');
const unit = parts.vitest
  ? spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`, ...passThrough], {
      cwd: root,
      stdio: 'inherit',
    })
  : null;

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

let e2e = null;
const e2eJson = path.join(results, 'e2e.json');
if (parts.browser && !fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  e2e = { status: 1 };
  console.error('Chromium is missing: install it with `apt-get install -y chromium` (.ci/run does this).');
} else if (parts.browser) {
  // Two workers, each with a server of its own (e2e/support/office.ts): on two cores one journey
  // at a time leaves a core waiting while the other draws pages or answers requests.
  const ports = new Set();
  while (ports.size < 2) ports.add(await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-e2e-'));
  e2e = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...passThrough], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CI: '1', E2E_PORTS: [...ports].join(','), E2E_DATA_DIR: dataDir, E2E_JSON: e2eJson },
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
if (fs.existsSync(e2eJson)) {
  const s = JSON.parse(fs.readFileSync(e2eJson, 'utf8')).stats;
  passed += s.expected;
  failed += s.unexpected + s.flaky;
  skipped += s.skipped;
}
const partOk = (run) => run === null || run.status === 0;
const partWord = (run) => (run === null ? 'not run' : run.status === 0 ? 'ok' : 'FAILED');
const ok = partOk(unit) && partOk(e2e) && failed === 0 && skipped === 0 && passed > 0;
if (skipped > 0) console.error(`${skipped} test(s) were skipped; the suite does not allow skipped tests.`);
console.log(`\nunit+api: ${partWord(unit)}, browser: ${partWord(e2e)}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
