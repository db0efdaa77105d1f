import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ROLES } from '@visa/shared/constants';
import { PASSWORD } from '@visa/shared/messages';
import { ConfigError, loadConfig } from '../config.js';
import { createDb, migrateToLatest } from '../db/connection.js';
import { MAINTENANCE_USAGE, isMaintenanceCommand, runMaintenanceCommand } from '../modules/maintenance/cli.js';
import { passwordProblem } from '../modules/staff-accounts/password-policy.js';
import { hashPassword } from '../modules/staff-accounts/passwords.js';
import { SECOND_FACTOR_USAGE, isSecondFactorCommand, runSecondFactorCommand } from '../modules/second-factor/cli.js';
import { IMPORT_USAGE, isImportCommand, runImportCommand } from '../modules/import/cli.js';
import * as staffAccounts from '../modules/staff-accounts/repository.js';
import { revokeStaffAccountSessions } from '../modules/auth/repository.js';

const USAGE = `Usage:
  npm run admin -- create --email EMAIL --password PASSWORD [--name NAME] [--role superadmin|admin]
  npm run admin -- reset-password --email EMAIL --password PASSWORD
${SECOND_FACTOR_USAGE}${MAINTENANCE_USAGE}${IMPORT_USAGE}`;

async function run(argv: string[]) {
  const [command, ...rest] = argv;
  // Sweep, backup and restore have options of their own (README.md#operations).
  if (isMaintenanceCommand(command)) return runMaintenanceCommand(command, rest);
  // For a lost authenticator app (ADR 0019).
  if (isSecondFactorCommand(command)) return runSecondFactorCommand(rest);
  // Moving an office in from the earlier app (ADR 0041).
  if (isImportCommand(command)) return runImportCommand(rest);
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  const password = z.string().safeParse(values.password);
  if (!command || !['create', 'reset-password'].includes(command) || !email.success || !password.success) {
    process.stderr.write(USAGE + '(email must be valid, and the password follows the rule for every password)\n');
    return 2;
  }
  // The same rule as every other way of setting a password (ADR 0017).
  const problem = passwordProblem(password.data, email.data);
  if (problem) {
    process.stderr.write(`${PASSWORD[problem]}\n`);
    return 2;
  }
  const config = loadConfig();
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const existing = await staffAccounts.findStaffAccountByEmail(db, email.data);
    if (command === 'create') {
      const role = z.enum(ROLES).safeParse(values.role ?? 'superadmin');
      if (!role.success) {
        process.stderr.write('role must be superadmin or admin\n');
        return 2;
      }
      if (existing) {
        process.stderr.write(`A user with email ${email.data} already exists.\n`);
        return 1;
      }
      await staffAccounts.insertStaffAccount(db, {
        name: values.name ?? 'Admin',
        email: email.data,
        role: role.data,
        passwordHash: await hashPassword(password.data),
      });
      process.stdout.write(`Created ${role.data} ${email.data}\n`);
      return 0;
    }
    if (!existing) {
      process.stderr.write(`No user with email ${email.data}.\n`);
      return 1;
    }
    await staffAccounts.updateStaffAccount(db, existing.id, { passwordHash: await hashPassword(password.data) });
    await revokeStaffAccountSessions(db, existing.id);
    process.stdout.write(`Password reset for ${email.data}; their sessions were signed out.\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err as Error).message}\n`);
    process.exit(1);
  },
);
