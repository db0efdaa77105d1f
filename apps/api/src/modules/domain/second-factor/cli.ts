import { AddUserInputSchema } from '@visa/shared/users';
import { type CommandSpec, commandHelp, parseCommand, schemaProblem, usageError } from '../../../cli/args.js';
import { type CliIo, processIo } from '../../../cli/io.js';
import { loadConfigForCommand } from '../../../config.js';
import { createDb, migrateToLatest } from '../../../db/connection.js';
import { findStaffAccountByEmail } from '../staff-accounts/repository.js';
import { resetSecondFactor } from './service.js';
import { ADMIN } from '../../../cli/command-name.js';

export const SECOND_FACTOR_COMMAND = {
  name: 'reset-second-factor',
  summary: 'Removes the authenticator app and recovery codes of a staff member who lost them, and signs them out.',
  options: { email: { type: 'string', value: 'EMAIL', says: "the account's email", required: true } },
  example: `${ADMIN} reset-second-factor --email nadia@example.com`,
} as const satisfies CommandSpec;

export const isSecondFactorCommand = (command: string | undefined) => command === SECOND_FACTOR_COMMAND.name;

const EmailSchema = AddUserInputSchema.pick({ email: true });

/**
 * For a staff member who lost their authenticator app and their recovery codes (ADR 0019): removes
 * the app and the codes and signs the account out everywhere. With the office's requirement on,
 * they set a new app up at their next sign-in; without it, they sign in with the password alone.
 * Answers the exit code: 0 done, 1 refused, 2 bad usage.
 */
export async function runSecondFactorCommand(args: string[], io: CliIo = processIo): Promise<number> {
  const spec = SECOND_FACTOR_COMMAND;
  const parsed = parseCommand(spec, args);
  if (parsed.help) {
    io.out(commandHelp(spec));
    return 0;
  }
  if ('problem' in parsed) return usageError(io, spec, parsed.problem);
  const input = EmailSchema.safeParse(parsed.values);
  if (!input.success) return usageError(io, spec, schemaProblem(input.error));
  const { email } = input.data;
  const config = loadConfigForCommand(io);
  if (!config) return 1;
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const staffAccount = await findStaffAccountByEmail(db, email);
    if (!staffAccount) {
      io.err(`No user with email ${email}.\n`);
      return 1;
    }
    const removed = await resetSecondFactor(db, staffAccount.id);
    io.out(
      removed
        ? `Two-step sign-in removed for ${email}; their recovery codes no longer work and their sessions were signed out.\n`
        : `${email} had no two-step sign-in; their sessions were signed out.\n`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
