// The built app for the page benchmarks: either BASE_URL (a server you started) or the real
// server from apps/api/dist on a free port with a throwaway DATA_DIR and the web build of WEB_DIST
// (default apps/web/build/client).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startServer } from '../lib/processes.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The public pages with performance targets (ADR 0010), then their Bengali twins. */
export const PAGES = ['/', '/enquiry', '/about', '/terms'];
export const BENGALI_PAGES = ['/bn', '/bn/enquiry', '/bn/about', '/bn/terms'];

export async function builtApp() {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/build/client'));
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error(`No web build in ${webDist}: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-pages-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'river stone lantern 7',
  });
  return {
    base: server.base,
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
