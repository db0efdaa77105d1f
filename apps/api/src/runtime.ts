import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import { createDb, migrateToLatest } from './db/connection.js';
import { dataDirLayout } from './infra/data-dir.js';
import { loadSecret } from './lib/secret.js';
import { createStorage } from './infra/storage/create.js';
import { settleInterruptedRestore } from './modules/operations/backups/backup-restore.js';

/** The built SPA next to this package, unless WEB_DIST points elsewhere. */
export function defaultWebRoot(config: Config): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.resolve(here, '../../web/build/client');
  return fs.existsSync(root) ? root : null;
}

/** Opens what the app needs (database migrated, secret, storage). Shared by server.ts and the CLIs. */
export async function openRuntime(config: Config) {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // Before the database opens: a restore a crash interrupted is finished or undone (ADR 0066).
  await settleInterruptedRestore(config.dataDir);
  const db = createDb(config.database);
  const applied = await migrateToLatest(db);
  const secret = loadSecret(dataDirLayout(config.dataDir).secretKey, config.APP_SECRET);
  const storage = await createStorage(config);
  return { db, secret, storage, applied };
}
