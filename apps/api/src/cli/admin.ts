import { ConfigError } from '../config.js';
import { MAINTENANCE_USAGE, isMaintenanceCommand, runMaintenanceCommand } from './maintenance.js';
import { SECOND_FACTOR_USAGE, isSecondFactorCommand, runSecondFactorCommand } from '../modules/domain/second-factor/cli.js';
import { IMPORT_USAGE, isImportCommand, runImportCommand } from '../modules/operations/import/cli.js';
import { RETENTION_USAGE, isRetentionCommand, runRetentionCommand } from '../modules/operations/retention/cli.js';
import { processIo } from './io.js';
import { ACCOUNT_USAGE, isAccountCommand, runAccountCommand } from './accounts.js';

const USAGE = `Usage:
${ACCOUNT_USAGE}${SECOND_FACTOR_USAGE}${IMPORT_USAGE}${MAINTENANCE_USAGE}${RETENTION_USAGE}`;

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
  if (isAccountCommand(command)) {
    return runAccountCommand(command as 'create' | 'reset-password', rest, processIo);
  }
  // Asked for, the usage is the answer; an unknown command gets it as the reason for refusing.
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  process.stderr.write(USAGE);
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`);
    process.exit(1);
  },
);
