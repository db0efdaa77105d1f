import path from 'node:path';

/**
 * What the app keeps under DATA_DIR, named in this one place; everything else asks here. The
 * names are an on-disk contract: installations made by earlier versions, and their backups, use
 * them, so a name never changes.
 */
export interface DataDirLayout {
  /** DATA_DIR itself, absolute. */
  root: string;
  /** The SQLite database, unless DATABASE_URL points at PostgreSQL. */
  database: string;
  /** The generated key every signature derives from, unless APP_SECRET is given. */
  secretKey: string;
  /** Emails written as .eml files, unless SMTP_URL is given. */
  outbox: string;
  /** The local storage driver's root (its `private/`, `public/` and `.tmp/` are the driver's own). */
  uploads: string;
  /** Scheduled backups and `backup` without a folder, unless BACKUP_DIR is given. */
  backups: string;
  /** Resumable uploads while they are under way (ADR 0047); finished files move to the storage. */
  resumableUploads: string;
  /** Which applications were erased and when (ADR 0052): outside the backups, replayed after a restore. */
  erasures: string;
}

export function dataDirLayout(root: string): DataDirLayout {
  const at = (name: string) => path.join(root, name);
  return {
    root,
    database: at('visa.sqlite'),
    secretKey: at('secret.key'),
    outbox: at('outbox'),
    uploads: at('uploads'),
    backups: at('backups'),
    resumableUploads: at('resumable-uploads'),
    erasures: at('erasures.log'),
  };
}

/**
 * The sidecar whose lock serialises migrations of an SQLite database. It sits beside the database
 * file (DATA_DIR's, or whichever file a connection opened), never inside it.
 */
export const migrationLockFile = (databaseFile: string) => `${databaseFile}.migrate-lock`;
