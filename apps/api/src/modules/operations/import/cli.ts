import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../../../config.js';
import { createAppContext } from '../../../context.js';
import { openRuntime } from '../../../runtime.js';
import { type CommandSpec, commandHelp, parseCommand, usageError } from '../../../cli/args.js';
import type { CliIo } from '../../../cli/io.js';
import { countStaffAccounts } from '../../domain/staff-accounts/repository.js';
import { createProgress } from './progress.js';
import { SourceError } from './readers.js';
import { openReport } from './report.js';
import { type ImportSummary, runImport } from './run.js';
import { detectSource } from './sources.js';
import type { Counts } from './steps.js';
import { ADMIN } from '../../../cli/command-name.js';

const DEFAULT_FILES_CONCURRENCY = 4;
const MAX_FILES_CONCURRENCY = 32;

export const IMPORT_COMMAND = {
  name: 'import',
  summary: "Moves an office's staff, applications, slides, photos and documents in from the earlier app.",
  positionals: {
    names: ['SOURCE'],
    min: 1,
    says: ["a folder of mongoexport files, a mongodump folder, or a CSV of this product's export"],
  },
  options: {
    'dry-run': { type: 'boolean', says: 'reads everything and says what it would do; writes nothing' },
    'files-concurrency': {
      type: 'string',
      value: 'N',
      says: `how many photos and documents are fetched at once, 1–${MAX_FILES_CONCURRENCY}`,
      default: String(DEFAULT_FILES_CONCURRENCY),
    },
  },
  example: `${ADMIN} import export --dry-run`,
} as const satisfies CommandSpec;

export const isImportCommand = (command: string | undefined) => command === IMPORT_COMMAND.name;

/** Where the progress line goes, and whether it may be rewritten in place. */
export interface ImportIo extends CliIo {
  progress: (text: string) => void;
  tty: boolean;
}

const processIo: ImportIo = {
  env: process.env,
  cwd: process.cwd(),
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  progress: (text) => process.stderr.write(text),
  tty: Boolean(process.stderr.isTTY),
};

const line = (name: string, c: Counts, dry: boolean) =>
  `  ${name}: ${c.imported} ${dry ? 'to import' : 'imported'}, ${c.updated} ${dry ? 'to update' : 'updated'}, ` +
  `${c.unchanged} unchanged, ${c.skipped} skipped` +
  (c.withNotes ? ` (${c.withNotes} of those ${dry ? 'to import or update' : 'imported or updated'} with a note in the report)` : '') +
  '\n';

function describe(summary: ImportSummary, source: string): string {
  const dry = summary.dryRun;
  const files = summary.files;
  return (
    (dry
      ? `Dry run of the import of ${source} (${summary.kind}): nothing was written. A real run would do:\n`
      : `Imported ${source} (${summary.kind}):\n`) +
    line('staff accounts (as sub-admins)', summary.users, dry) +
    line('applications', summary.applications, dry) +
    line('slides', summary.slides, dry) +
    (dry
      ? `  files: ${files.queued} photos and documents to fetch\n`
      : `  files: ${files.stored} fetched, ${files.missing} missing (${files.queued} addresses found by this run)\n`)
  );
}

/**
 * `bin/visa-desk admin import SOURCE`: moves an office in from the earlier app (ADR 0041). Answers
 * the exit code: 0 done (skipped records are in the report), 1 refused or failed, 2 bad usage.
 */
export async function runImportCommand(args: string[], io: ImportIo = processIo): Promise<number> {
  const spec = IMPORT_COMMAND;
  const parsed = parseCommand(spec, args);
  if (parsed.help) {
    io.out(commandHelp(spec));
    return 0;
  }
  if ('problem' in parsed) return usageError(io, spec, parsed.problem);
  const { values, positionals } = parsed;
  const concurrencyText = String(values['files-concurrency'] ?? DEFAULT_FILES_CONCURRENCY);
  const concurrency = /^\d{1,2}$/.test(concurrencyText) ? Number(concurrencyText) : 0;
  if (concurrency < 1 || concurrency > MAX_FILES_CONCURRENCY) {
    return usageError(io, spec, `--files-concurrency takes a whole number from 1 to ${MAX_FILES_CONCURRENCY}, not ${concurrencyText}`);
  }
  const sourcePath = path.resolve(io.cwd, positionals[0]!);
  const dryRun = values['dry-run'] === true;
  let config;
  let source;
  try {
    config = loadConfig(io.env, io.cwd);
    source = detectSource(sourcePath);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof SourceError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const runtime = await openRuntime(config);
  // Imported accounts are sub-admins: without an owner first, the office would have no super-admin
  // (and the first start creates none once any account exists).
  if (source.files.some((f) => f.collection === 'users') && (await countStaffAccounts(runtime.db, 'superadmin')) === 0) {
    await runtime.db.destroy();
    io.err(
      `This office has no super-admin yet. Start the app once (or run ${ADMIN} create) so its owner exists, then import: ` +
        'the earlier staff accounts come in as sub-admins.\n',
    );
    return 1;
  }
  const report = openReport(io.cwd, new Date());
  const progress = createProgress({ write: io.progress, tty: io.tty, totalBytes: source.files.reduce((n, f) => n + f.size, 0) });
  try {
    // Warnings and errors of the files step go to stderr with the progress; nothing personal is logged.
    const log = pino({ level: 'warn' }, pino.destination(2));
    const app = createAppContext({ config, db: runtime.db, secret: runtime.secret, storage: runtime.storage, webRoot: null }, log);
    const summary = await runImport({
      config,
      db: runtime.db,
      app,
      source,
      dryRun,
      filesConcurrency: concurrency,
      report,
      progress,
    });
    io.out(describe(summary, sourcePath));
    io.out(
      `Report: ${report.file} (${report.rows} rows: every record skipped or kept with a note, every file not carried over or missing)\n`,
    );
    return 0;
  } catch (err) {
    progress.done();
    if (err instanceof SourceError) {
      io.err(`${err.message}\nWhat was read before is imported; fix the source and run the import again to finish.\n`);
      return 1;
    }
    throw err;
  } finally {
    report.close();
    await runtime.db.destroy();
  }
}
