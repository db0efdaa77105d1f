// `npm test`: the whole suite. Unit, component and API tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set) with Vitest, then the browser journeys with Playwright in Chromium.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const results = path.join(root, '.tmp', 'test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

if (!process.env.TEST_DATABASE_URL) {
  console.log('Note: TEST_DATABASE_URL is not set, so the API suite runs on SQLite only (.ci/run sets it for PostgreSQL).');
}

const vitestJson = path.join(results, 'vitest.json');
const unit = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], {
  cwd: root,
  stdio: 'inherit',
});

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

let e2e = { status: 1 };
const e2eJson = path.join(results, 'e2e.json');
if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error('Chromium is missing: install it with `apt-get install -y chromium` (.ci/run does this).');
} else {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-e2e-'));
  e2e = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CI: '1', E2E_PORT: String(port), E2E_DATA_DIR: dataDir, E2E_JSON: e2eJson },
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
const ok = unit.status === 0 && e2e.status === 0 && failed === 0 && skipped === 0 && passed > 0;
if (skipped > 0) console.error(`${skipped} test(s) were skipped; the suite does not allow skipped tests.`);
console.log(`\nunit+api: ${unit.status === 0 ? 'ok' : 'FAILED'}, browser: ${e2e.status === 0 ? 'ok' : 'FAILED'}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
