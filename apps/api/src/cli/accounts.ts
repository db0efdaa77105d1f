import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { ROLES } from '@visa/shared/constants';
import { PASSWORD } from '@visa/shared/ui-texts';
import type { CliIo } from './io.js';
import { loadConfigForCommand } from '../config.js';
import { createDb, migrateToLatest } from '../db/connection.js';
import { endCredentialGrants } from '../modules/kernel/credential-grants/credential-change.js';
import { recordAudit } from '../modules/kernel/audit/repository.js';
import { passwordProblem } from '../lib/password-policy.js';
import { hashPassword } from '../modules/domain/staff-accounts/passwords.js';
import * as staffAccounts from '../modules/domain/staff-accounts/repository.js';
import { ADMIN } from './command-name.js';

export const ACCOUNT_USAGE = `  ${ADMIN} create --email EMAIL --password PASSWORD [--name NAME] [--role superadmin|admin]
  ${ADMIN} reset-password --email EMAIL --password PASSWORD
`;

export const isAccountCommand = (command: string | undefined) => command === 'create' || command === 'reset-password';

/**
 * The operator's account commands. Each change is audited like the same change made in the back
 * office, with no actor (nobody was signed in) and `via: 'cli'`, so the history of an account
 * shows it was made from the server's shell. Answers the exit code: 0 done, 1 refused, 2 bad usage.
 */
export async function runAccountCommand(command: 'create' | 'reset-password', args: string[], io: CliIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    }));
  } catch (err) {
    io.err(`${(err as Error).message}\nUsage:\n${ACCOUNT_USAGE}`);
    return 2;
  }
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  const password = z.string().safeParse(values.password);
  if (!email.success || !password.success) {
    io.err(`Usage:\n${ACCOUNT_USAGE}(email must be valid, and the password follows the rule for every password)\n`);
    return 2;
  }
  // The same rule as every other way of setting a password (ADR 0017).
  const problem = passwordProblem(password.data, email.data);
  if (problem) {
    io.err(`${PASSWORD[problem]}\n`);
    return 2;
  }
  const role = z.enum(ROLES).safeParse(values.role ?? 'superadmin');
  if (command === 'create' && !role.success) {
    io.err('role must be superadmin or admin\n');
    return 2;
  }
  const config = loadConfigForCommand(io);
  if (!config) return 1;
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const existing = await staffAccounts.findStaffAccountByEmail(db, email.data);
    const passwordHash = await hashPassword(password.data);
    if (command === 'create') {
      if (existing) {
        io.err(`A user with email ${email.data} already exists.\n`);
        return 1;
      }
      const newRole = role.success ? role.data : 'superadmin';
      await db.transaction().execute(async (trx) => {
        const created = await staffAccounts.insertStaffAccount(trx, {
          name: values.name ?? 'Admin',
          email: email.data,
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
      io.out(`Created ${newRole} ${email.data}\n`);
      return 0;
    }
    if (!existing) {
      io.err(`No user with email ${email.data}.\n`);
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
    io.out(`Password reset for ${email.data}; their sessions were signed out.\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}
