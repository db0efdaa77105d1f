import path from 'node:path';
import { type CommandSpec, commandHelp, parseCommand, usageError } from './args.js';
import { type CliIo, processIo } from './io.js';
import { ConfigError, loadConfig } from '../config.js';
import { createDb, migrateToLatest } from '../db/connection.js';
import { createStorage } from '../infra/storage/create.js';
import { createBackup } from '../modules/operations/backups/backup.js';
import { BackupError, backupUnsupported } from '../modules/operations/backups/backup-format.js';
import { restoreBackup } from '../modules/operations/backups/backup-restore.js';
import { verifyBackup } from '../modules/operations/backups/backup-verify.js';
import { DEFAULT_MIN_AGE_S, sweepFiles } from '../modules/domain/files/sweep.js';
import { ADMIN, adminCommand } from './command-name.js';

export const MAINTENANCE_COMMANDS = [
  {
    name: 'sweep-files',
    summary: 'Removes stored files that no application, document or slide refers to any more.',
    options: {
      'min-age': {
        type: 'string',
        value: 'SECONDS',
        says: 'leaves unreferenced files younger than this, which an upload may still be about to refer to',
        default: String(DEFAULT_MIN_AGE_S),
      },
      'dry-run': { type: 'boolean', says: 'lists what it would remove; removes nothing' },
    },
    example: `${ADMIN} sweep-files --dry-run`,
  },
  {
    name: 'backup',
    summary: 'Writes a backup of the database and stored files, with a checksum for each file.',
    positionals: { names: ['DIR'], min: 0, says: ['where to write it, a missing or empty folder (default: BACKUP_DIR/<UTC time>)'] },
    options: {},
    example: `${ADMIN} backup /srv/backups/visa-desk`,
  },
  {
    name: 'verify-backup',
    summary: 'Checks every file of a backup against its checksum; changes nothing.',
    positionals: { names: ['DIR'], min: 1, says: ['the backup folder'] },
    options: {},
    example: `${ADMIN} verify-backup /srv/backups/visa-desk/2026-11-28`,
  },
  {
    name: 'restore',
    summary: 'Restores a backup into an empty DATA_DIR, checking every checksum first.',
    positionals: { names: ['DIR'], min: 1, says: ['the backup folder'] },
    options: {
      'erasure-log': {
        type: 'string',
        value: 'FILE',
        says: "another erasure log (of a DATA_DIR moved aside, say) whose applicants are erased again; DATA_DIR's own is always read",
      },
    },
    example: `${ADMIN} restore /srv/backups/visa-desk/2026-11-28`,
  },
] as const satisfies readonly CommandSpec[];

export type MaintenanceCommand = (typeof MAINTENANCE_COMMANDS)[number]['name'];
export const isMaintenanceCommand = (command: string | undefined): command is MaintenanceCommand =>
  MAINTENANCE_COMMANDS.some((c) => c.name === command);

/**
 * The operator's maintenance commands (`bin/visa-desk admin …`). Answers the exit code: 0 done,
 * 1 refused or failed (with a message saying why), 2 bad usage.
 */
export async function runMaintenanceCommand(command: MaintenanceCommand, args: string[], io: CliIo = processIo): Promise<number> {
  const spec: CommandSpec = MAINTENANCE_COMMANDS.find((c) => c.name === command)!;
  const parsed = parseCommand(spec, args);
  if (parsed.help) {
    io.out(commandHelp(spec));
    return 0;
  }
  if ('problem' in parsed) return usageError(io, spec, parsed.problem);
  const { values, positionals } = parsed;
  try {
    const config = loadConfig(io.env, io.cwd);
    switch (command) {
      case 'sweep-files': {
        const raw = String(values['min-age'] ?? DEFAULT_MIN_AGE_S);
        if (!/^\d{1,9}$/.test(raw)) return usageError(io, spec, `--min-age takes a whole number of seconds, 0 or more, not ${raw}`);
        return await sweep(config, Number(raw), values['dry-run'] === true, io);
      }
      case 'backup': {
        const unsupported = backupUnsupported(config);
        if (unsupported) {
          io.err(`${unsupported}\n`);
          return 1;
        }
        const storage = await createStorage(config);
        const dir = positionals[0] ? path.resolve(io.cwd, positionals[0]) : undefined;
        const { dir: written, manifest } = await createBackup({ config, storage, dir });
        const c = manifest.counts;
        io.out(
          `Backup written to ${written}\n` +
            `  ${c.applications} applications, ${c.documents} documents, ${c.slides} slides, ${c.users} staff accounts\n` +
            `  ${manifest.storedFiles} stored files, ${manifest.files.length} files in all, each with its SHA-256 in SHA256SUMS (with the manifest's)\n` +
            (manifest.missing.length ? `  ${manifest.missing.length} referenced files were deleted while the backup ran\n` : '') +
            `Restore into an empty DATA_DIR with: ${adminCommand(undefined, { absolute: true })} restore ${written}\n`,
        );
        return 0;
      }
      case 'verify-backup': {
        const dir = path.resolve(io.cwd, positionals[0]!);
        const { problems, manifest } = await verifyBackup(dir);
        if (problems.length) {
          io.err(`${dir} failed verification:\n  ${problems.join('\n  ')}\n`);
          return 1;
        }
        io.out(`${dir}: all ${manifest!.files.length + 1} checksums match (backup of ${manifest!.createdAt}).\n`);
        return 0;
      }
      case 'restore': {
        const from = path.resolve(io.cwd, positionals[0]!);
        const erasureLog = typeof values['erasure-log'] === 'string' ? path.resolve(io.cwd, values['erasure-log']) : undefined;
        const manifest = await restoreBackup(from, config, { erasureLog });
        io.out(
          `Restored the backup of ${manifest.createdAt} into ${config.dataDir}\n` +
            `  ${manifest.counts.applications} applications, ${manifest.storedFiles} stored files; checksums verified.\n` +
            (manifest.erasedAgain
              ? `  ${manifest.erasedAgain} applicants erased after this backup were erased again (erasure log).\n`
              : '') +
            (manifest.secretKey
              ? ''
              : '  The backup holds no secret.key: if the server ran with APP_SECRET, start it with the same value.\n') +
            'Start the server with this DATA_DIR.\n',
        );
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof BackupError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

async function sweep(config: ReturnType<typeof loadConfig>, minAgeS: number, dryRun: boolean, io: CliIo): Promise<number> {
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const storage = await createStorage(config);
    const r = await sweepFiles({ db, storage, minAgeS, dryRun });
    io.out(
      `Stored files: ${r.scanned} (${r.referenced} referenced, ${r.young} unreferenced but younger than ${minAgeS} s, ` +
        `${r.orphans.length} orphaned)\n`,
    );
    if (dryRun) {
      for (const key of r.orphans) io.out(`Would remove ${key}\n`);
      io.out('Dry run: nothing was removed.\n');
      return 0;
    }
    for (const key of r.removed) io.out(`Removed ${key}\n`);
    for (const key of r.failed) io.err(`Could not remove ${key}\n`);
    if (r.temp) io.out(`Removed ${r.temp} half-written temporary files.\n`);
    io.out(`Removed ${r.removed.length} orphaned files.\n`);
    return r.failed.length ? 1 : 0;
  } finally {
    await db.destroy();
  }
}
