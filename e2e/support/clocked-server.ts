import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/api/dist/app.js';
import { ensureSuperadmin } from '../../apps/api/dist/bootstrap.js';
import { loadConfig } from '../../apps/api/dist/config.js';
import { defaultWebRoot, openRuntime } from '../../apps/api/dist/runtime.js';
import { freePort } from '@visa/test-support/ports';

export interface ClockedServer {
  url: string;
  /** The server's database, for a journey that starts from data no page makes (an imported account). */
  db: Awaited<ReturnType<typeof openRuntime>>['db'];
  /** Moves the clock the server keeps session limits by; the real clock and every other timer stay. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * The built app, started inside the test process as server.ts starts it (migrated database,
 * superadmin, the built web app) but with `AppDeps.now` in the test's hands, as the API tests run
 * it (ADR 0034). A journey about session limits moves this clock together with the page's
 * (`page.clock`) instead of waiting for them. Scheduled jobs are left out: no journey here needs them.
 * A journey may also read the server's log lines.
 */
export async function startClockedServer(env: Record<string, string>, options: { logLines?: string[] } = {}): Promise<ClockedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-e2e-clocked-'));
  const port = await freePort();
  const config = loadConfig({ HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env });
  const { db, secret, storage } = await openRuntime(config);
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  // A journey that reads the server's log hands an array for its lines (at the LOG_LEVEL it sets).
  const logStream = options.logLines && { write: (line: string) => void options.logLines!.push(line) };
  const app = await buildApp({ config, db, secret, storage, webRoot: defaultWebRoot(config), now }, logStream ? { logStream } : {});
  await ensureSuperadmin(db, config, app.log);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    advance(ms) {
      offsetMs += ms;
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
