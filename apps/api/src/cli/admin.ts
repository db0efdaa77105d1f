import { ConfigError } from '../config.js';
import { MAINTENANCE_COMMANDS, isMaintenanceCommand, runMaintenanceCommand } from './maintenance.js';
import { SECOND_FACTOR_COMMAND, isSecondFactorCommand, runSecondFactorCommand } from '../modules/domain/second-factor/cli.js';
import { IMPORT_COMMAND, isImportCommand, runImportCommand } from '../modules/operations/import/cli.js';
import { RETENTION_COMMAND, isRetentionCommand, runRetentionCommand } from '../modules/operations/retention/cli.js';
import { processIo } from './io.js';
import { ACCOUNT_COMMANDS, isAccountCommand, runAccountCommand } from './accounts.js';
import type { CommandSpec } from './args.js';
import { ADMIN } from './command-name.js';

const COMMANDS: readonly CommandSpec[] = [
  ...ACCOUNT_COMMANDS,
  SECOND_FACTOR_COMMAND,
  IMPORT_COMMAND,
  ...MAINTENANCE_COMMANDS,
  RETENTION_COMMAND,
];

/** What `admin --help` prints: one line per command saying what it does. */
const width = Math.max(...COMMANDS.map((c) => c.name.length));
const OVERVIEW =
  `Usage: ${ADMIN} COMMAND [OPTIONS]\n\nCommands:\n` +
  COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}\n`).join('') +
  `\n${ADMIN} COMMAND --help shows a command's options, their defaults and an example.\n`;

async function run(argv: string[]) {
  const [command, ...rest] = argv;
  // Sweep, backup and restore have options of their own (README.md#operations).
  if (isMaintenanceCommand(command)) return runMaintenanceCommand(command, rest);
  // For a lost authenticator app (ADR 0019).
  if (isSecondFactorCommand(command)) return runSecondFactorCommand(rest);
  // Moving an office in from the earlier app (ADR 0041).
  if (isImportCommand(command)) return runImportCommand(rest);
  // Personal data past the office's retention windows (ADR 0052).
  if (isRetentionCommand(command)) {
    return runRetentionCommand(rest, processIo);
  }
  if (isAccountCommand(command)) return runAccountCommand(command, rest, processIo);
  // Asked for, the overview is the answer; a missing or unknown command gets one line saying so.
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(OVERVIEW);
    return 0;
  }
  process.stderr.write(
    `${command === undefined ? 'A command is required' : `Unknown command ${command}`} (${ADMIN} --help lists the commands)\n`,
  );
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`);
    process.exit(1);
  },
);
