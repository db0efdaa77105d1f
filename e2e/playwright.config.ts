import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/visa-e2e-${port}`;
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Journeys in the machine's Chromium (never a downloaded browser) against the built app, started
 * on its own port with a throwaway DATA_DIR (scripts/test.mjs picks both).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL,
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
  webServer: {
    command: `rm -rf ${dataDir} && node ../apps/api/dist/server.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'maple desk key 2026',
      ADMIN_NAME: 'Office Owner',
      LOG_LEVEL: 'warn',
      // The journeys sign in through the API more often than one address may in fifteen minutes
      // (50, ADR 0017): signInViaApi names an address of each worker's own, as a proxy would.
      TRUST_PROXY: '1',
    },
  },
});
