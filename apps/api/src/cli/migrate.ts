import { ConfigError, loadConfig } from '../config.js';
import { createDb, migrateToLatest } from '../db/connection.js';
import { settleInterruptedRestore } from '../modules/operations/backups/backup-restore.js';

try {
  const config = loadConfig();
  // As at the start: never migrate a database a restore has not finished putting in place.
  if (config.database.kind === 'sqlite') await settleInterruptedRestore(config.dataDir);
  const db = createDb(config.database);
  const applied = await migrateToLatest(db);
  process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
  await db.destroy();
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`}\n`);
  process.exit(1);
}
