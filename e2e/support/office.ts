import fs from 'node:fs';
import path from 'node:path';

/**
 * The journeys' servers: one per Playwright worker, each the built app on a port and a DATA_DIR of
 * its own, so two journeys running at once never share an office (a setting one turns on, the
 * applications another counts, the mail a third reads). `npm test` picks free ports; run by hand,
 * the servers listen on 4310 and 4311. One port in E2E_PORTS runs the journeys one at a time.
 */
export const officePorts: number[] = (process.env.E2E_PORTS ?? '4310,4311').split(',').map(Number);

const dataRoot = process.env.E2E_DATA_DIR ?? '/tmp/visa-e2e';

/** A server's DATA_DIR, by its port. */
export const officeDataDir = (port: number): string => path.join(dataRoot, String(port));

/**
 * The server of the worker this code runs in. Playwright numbers the workers running at once from
 * 0 (TEST_PARALLEL_INDEX), and a worker started again after a failure takes the same number.
 */
export function office(): { url: string; dataDir: string } {
  const port = officePorts[Number(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? officePorts[0]!;
  return { url: `http://127.0.0.1:${port}`, dataDir: officeDataDir(port) };
}

/**
 * The text of each email this worker's server has delivered to its outbox folder (no SMTP in the
 * journeys), oldest file first; each journey decodes and matches what it looks for.
 */
export function outboxMails(): string[] {
  const outbox = path.join(office().dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
}
