import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { PASSWORD } from '@visa/shared/ui-texts';
import { type AddUserInput, AddUserInputSchema } from '@visa/shared/users';
import { type CommandSpec, commandHelp, parseCommand, schemaProblem, usageError } from './args.js';
import type { CliIo } from './io.js';
import { loadConfigForCommand } from '../config.js';
import { createDb, migrateToLatest } from '../db/connection.js';
import { endCredentialGrants } from '../modules/kernel/credential-grants/credential-change.js';
import { recordAudit } from '../modules/kernel/audit/repository.js';
import { passwordProblem } from '../lib/password-policy.js';
import { hashPassword } from '../modules/domain/staff-accounts/passwords.js';
import * as staffAccounts from '../modules/domain/staff-accounts/repository.js';
import { ADMIN } from './command-name.js';

const EMAIL = { type: 'string', value: 'EMAIL', says: "the account's email, which it signs in with", required: true } as const;

export const ACCOUNT_COMMANDS = [
  {
    name: 'create',
    summary: 'Creates a staff account that can sign in at once (the first owner, or one more).',
    options: {
      email: EMAIL,
      password: {
        type: 'string',
        value: 'PASSWORD',
        says: 'its password, under the rule for every password',
        required: true,
      },
      name: { type: 'string', value: 'NAME', says: 'the name staff see, 1–100 characters', default: 'Admin' },
      role: { type: 'string', value: 'ROLE', says: 'superadmin or admin (a sub-admin)', default: 'superadmin' },
    },
    example: `${ADMIN} create --email owner@example.com --password 'a long passphrase' --name 'Nadia Rahman'`,
  },
  {
    name: 'reset-password',
    summary: 'Sets a new password for a staff account and signs it out everywhere.',
    options: {
      email: EMAIL,
      password: { type: 'string', value: 'PASSWORD', says: 'the new password, under the rule for every password', required: true },
    },
    example: `${ADMIN} reset-password --email owner@example.com --password 'another long passphrase'`,
  },
] as const satisfies readonly CommandSpec[];

export type AccountCommand = (typeof ACCOUNT_COMMANDS)[number]['name'];

export const isAccountCommand = (command: string | undefined): command is AccountCommand =>
  ACCOUNT_COMMANDS.some((c) => c.name === command);

// The API's own rules for these fields (add_user): an empty or over-long name, a bad email or a
// password outside the length rule is refused with the message the back office shows.
const CreateSchema = AddUserInputSchema;
const ResetSchema = AddUserInputSchema.pick({ email: true, password: true });

/**
 * The operator's account commands. Each change is audited like the same change made in the back
 * office, with no actor (nobody was signed in) and `via: 'cli'`, so the history of an account
 * shows it was made from the server's shell. Answers the exit code: 0 done, 1 refused, 2 bad usage.
 */
export async function runAccountCommand(command: AccountCommand, args: string[], io: CliIo): Promise<number> {
  const spec = ACCOUNT_COMMANDS.find((c) => c.name === command)!;
  const parsed = parseCommand(spec, args);
  if (parsed.help) {
    io.out(commandHelp(spec));
    return 0;
  }
  if ('problem' in parsed) return usageError(io, spec, parsed.problem);
  const { values } = parsed;
  const input =
    command === 'create'
      ? CreateSchema.safeParse({ ...values, name: values.name ?? 'Admin', role: values.role ?? 'superadmin' })
      : ResetSchema.safeParse(values);
  if (!input.success) return usageError(io, spec, schemaProblem(input.error));
  const data: Pick<AddUserInput, 'email' | 'password'> & Partial<AddUserInput> = input.data;
  const { email, password, name = 'Admin', role: newRole = 'superadmin' } = data;
  // The same rule as every other way of setting a password (ADR 0017).
  const problem = passwordProblem(password, email);
  if (problem) return usageError(io, spec, `--password: ${PASSWORD[problem]}`);
  const config = loadConfigForCommand(io);
  if (!config) return 1;
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const existing = await staffAccounts.findStaffAccountByEmail(db, email);
    const passwordHash = await hashPassword(password);
    if (command === 'create') {
      if (existing) {
        io.err(`A user with email ${email} already exists.\n`);
        return 1;
      }
      await db.transaction().execute(async (trx) => {
        const created = await staffAccounts.insertStaffAccount(trx, {
          name,
          email,
          role: newRole,
          passwordHash,
        });
        await recordAudit(trx, {
          actorUserId: null,
          action: AUDIT_ACTIONS.staffAccount.created,
          entity: AUDIT_ENTITIES.staffAccount,
          entityId: created._id,
          details: { role: newRole, via: 'cli' },
        });
      });
      io.out(`Created ${newRole} ${email}\n`);
      return 0;
    }
    if (!existing) {
      io.err(`No user with email ${email}.\n`);
      return 1;
    }
    await db.transaction().execute(async (trx) => {
      await staffAccounts.updateStaffAccount(trx, existing.id, { passwordHash });
      await endCredentialGrants(trx, existing.id, ['password']);
      await recordAudit(trx, {
        actorUserId: null,
        action: AUDIT_ACTIONS.staffAccount.updated,
        entity: AUDIT_ENTITIES.staffAccount,
        entityId: existing.id,
        details: { changed: ['password'], via: 'cli' },
      });
    });
    io.out(`Password reset for ${email}; their sessions were signed out.\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}
