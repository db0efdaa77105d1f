import { addDays, dayStartIn, isIsoDate } from '@visa/shared/dates';
import { ConfigError, loadConfig } from '../../../config.js';
import { createDb, migrateToLatest } from '../../../db/connection.js';
import { createStorage } from '../../../infra/storage/create.js';
import { type CommandSpec, commandHelp, parseCommand, usageError } from '../../../cli/args.js';
import type { CliIo } from '../../../cli/io.js';
import { runRetention } from './service.js';
import { ADMIN } from '../../../cli/command-name.js';

export const RETENTION_COMMAND = {
  name: 'retention',
  summary: "Anonymises the applications past the office's retention windows, or lists them with --dry-run.",
  options: {
    'dry-run': { type: 'boolean', says: 'lists what has expired; changes nothing' },
    'as-of': {
      type: 'string',
      value: 'YYYY-MM-DD',
      says: 'with --dry-run, lists what will have expired by the end of that day',
      default: 'today',
    },
  },
  example: `${ADMIN} retention --dry-run --as-of 2027-01-31`,
} as const satisfies CommandSpec;

export const isRetentionCommand = (command: string | undefined) => command === RETENTION_COMMAND.name;

/**
 * `bin/visa-desk admin retention`: lists what the retention rules expire today (ADR 0052), the same
 * list as the Settings preview, and erases each one with its progress unless `--dry-run`.
 * `--as-of` (with `--dry-run` only) lists what will have expired by the end of that day in
 * APP_TIMEZONE, so the office sees what a coming run will take; a real run only ever takes what
 * has expired today. Answers the exit code: 0 done, 1 refused, 2 bad usage. `now` is the clock
 * tests fix.
 */
export async function runRetentionCommand(args: string[], io: CliIo, now: () => Date = () => new Date()): Promise<number> {
  const spec = RETENTION_COMMAND;
  const parsed = parseCommand(spec, args);
  if (parsed.help) {
    io.out(commandHelp(spec));
    return 0;
  }
  if ('problem' in parsed) return usageError(io, spec, parsed.problem);
  const dryRun = parsed.values['dry-run'] === true;
  const asOf = parsed.values['as-of'] as string | undefined;
  if (asOf !== undefined && !isIsoDate(asOf)) return usageError(io, spec, `--as-of takes a day as YYYY-MM-DD, not ${asOf}`);
  if (asOf !== undefined && !dryRun) {
    return usageError(io, spec, '--as-of only previews a coming day: add --dry-run (a real run takes what has expired today)');
  }
  let config;
  try {
    config = loadConfig(io.env, io.cwd);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const storage = await createStorage(config);
    const deps = { db, storage, dataDir: config.dataDir, backupDir: config.backupDir };
    const line = (a: { _id: string; status: string; rule: string; expiredOn: string }) =>
      `${a._id}  ${a.status.padEnd(8)}  ${a.rule.padEnd(9)}  expired ${a.expiredOn}`;
    if (dryRun) {
      // The last instant of the day asked for, in the office's time zone.
      const at = asOf ? new Date(dayStartIn(addDays(asOf, 1), config.APP_TIMEZONE).getTime() - 1) : now();
      const r = await runRetention(deps, { now: at, dryRun: true });
      for (const a of r.applications) io.out(`Would anonymise ${line(a)}\n`);
      io.out(countsLine(r.counts));
      io.out(asOf ? `Dry run as of the end of ${asOf}: nothing was changed.\n` : 'Dry run: nothing was changed.\n');
      return 0;
    }
    const r = await runRetention(deps, {
      now: now(),
      onItem: (a, index, total) => io.out(`[${index + 1}/${total}] Anonymised ${line(a)}\n`),
    });
    if (r.replayed) io.out(`Erased again from the erasure log: ${r.replayed}\n`);
    io.out(countsLine(r.counts));
    io.out(`Anonymised ${r.erased} applications.\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

const countsLine = (c: { rejected: number; approved: number; pending: number; withdrawn: number; total: number }) =>
  `Expired: ${c.total} (refused ${c.rejected}, approved ${c.approved}, untouched pending ${c.pending}, consent withdrawn ${c.withdrawn})\n`;
