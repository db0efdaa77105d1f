import { defineConfig, devices } from '@playwright/test';
import { office, officeDataDir, officePorts } from './support/office';

/**
 * Journeys in the machine's Chromium (never a downloaded browser) against the built app: a worker
 * per server, each server on its own port with a throwaway DATA_DIR (scripts/test.mjs picks both;
 * support/office.ts gives each worker its server). A file's tests run in order in one worker.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: officePorts.length,
  retries: 0,
  // Two journeys share the two cores, and each takes about half as long again as it would alone:
  // the limits leave that room. A passing journey takes no longer for them; only a hang is
  // reported later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    // Each worker loads this file itself, so office() names that worker's server: pages, requests
    // and contexts a journey opens with browser.newContext() all go there.
    baseURL: office().url,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: officePorts.map((port) => ({
    command: `rm -rf ${officeDataDir(port)} && node ../apps/api/dist/server.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: officeDataDir(port),
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'maple desk key 2026',
      ADMIN_NAME: 'Office Owner',
      LOG_LEVEL: 'warn',
      // The journeys sign in through the API more often than one address may in fifteen minutes
      // (50, ADR 0017): signInViaApi names an address of each worker's own, as a proxy would.
      TRUST_PROXY: '1',
    },
  })),
});
