import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type CliIo, processIo } from '../../../cli/io.js';
import { loadConfigForCommand } from '../../../config.js';
import { createDb, migrateToLatest } from '../../../db/connection.js';
import { findStaffAccountByEmail } from '../staff-accounts/repository.js';
import { resetSecondFactor } from './service.js';
import { ADMIN } from '../../../cli/command-name.js';

export const SECOND_FACTOR_USAGE = `  ${ADMIN} reset-second-factor --email EMAIL
`;

export const isSecondFactorCommand = (command: string | undefined) => command === 'reset-second-factor';

/**
 * For a staff member who lost their authenticator app and their recovery codes (ADR 0019): removes
 * the app and the codes and signs the account out everywhere. With the office's requirement on,
 * they set a new app up at their next sign-in; without it, they sign in with the password alone.
 * Answers the exit code: 0 done, 1 refused, 2 bad usage.
 */
export async function runSecondFactorCommand(args: string[], io: CliIo = processIo): Promise<number> {
  let email;
  try {
    const { values } = parseArgs({ args, options: { email: { type: 'string' } } });
    email = z.email().safeParse(values.email?.trim().toLowerCase());
  } catch (err) {
    io.err(`${(err as Error).message}\nUsage:\n${SECOND_FACTOR_USAGE}`);
    return 2;
  }
  if (!email.success) {
    io.err(`Usage:\n${SECOND_FACTOR_USAGE}(email must be valid)\n`);
    return 2;
  }
  const config = loadConfigForCommand(io);
  if (!config) return 1;
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const staffAccount = await findStaffAccountByEmail(db, email.data);
    if (!staffAccount) {
      io.err(`No user with email ${email.data}.\n`);
      return 1;
    }
    const removed = await resetSecondFactor(db, staffAccount.id);
    io.out(
      removed
        ? `Two-step sign-in removed for ${email.data}; their recovery codes no longer work and their sessions were signed out.\n`
        : `${email.data} had no two-step sign-in; their sessions were signed out.\n`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}
