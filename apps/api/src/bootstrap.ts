import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { Config } from './config.js';
import { type Db, isUniqueViolation } from './db/connection.js';
import { recordAudit } from './modules/kernel/audit/repository.js';
import { hashPassword } from './modules/domain/staff-accounts/passwords.js';
import * as staffAccounts from './modules/domain/staff-accounts/repository.js';

/**
 * First start: make sure someone can sign in. While the office has no super-admin,
 * ADMIN_EMAIL/ADMIN_PASSWORD create that super-admin; with neither set and no user at all,
 * admin@example.com gets a generated password that is printed once. Once a super-admin exists the
 * settings create nothing, so an owner deleted from the back office stays deleted however often
 * the process starts with the settings still in place.
 */
export async function ensureSuperadmin(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    if ((await staffAccounts.countStaffAccounts(db, 'superadmin')) > 0) return;
    if (await staffAccounts.findStaffAccountByEmail(db, config.ADMIN_EMAIL)) {
      log.warn('ADMIN_EMAIL already has an account that is not a super-admin; no super-admin was created');
      return;
    }
    const created = await insertFirst(db, {
      name: config.ADMIN_NAME,
      email: config.ADMIN_EMAIL,
      role: 'superadmin',
      passwordHash: await hashPassword(config.ADMIN_PASSWORD),
    });
    if (created) log.info('created superadmin from ADMIN_EMAIL');
    return;
  }
  if ((await staffAccounts.countStaffAccounts(db)) > 0) return;
  const password = randomBytes(12).toString('base64url');
  const created = await insertFirst(db, {
    name: config.ADMIN_NAME,
    email: 'admin@example.com',
    role: 'superadmin',
    passwordHash: await hashPassword(password),
  });
  if (!created) return;
  // Printed on stdout rather than logged as a field so it is shown exactly once, plainly.
  process.stdout.write(
    `\n  First start: a super-admin account was created.\n    email:    admin@example.com\n    password: ${password}\n  Change it from the Profile page after signing in.\n\n`,
  );
}

/**
 * Several instances starting together on an empty database all see "no owner yet"; the unique
 * email index lets exactly one insert win, and the others carry on with the account it made. The
 * account and its audit entry (no actor: nobody was signed in) are one transaction.
 */
async function insertFirst(db: Db, staffAccount: Parameters<typeof staffAccounts.insertStaffAccount>[1]): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      const created = await staffAccounts.insertStaffAccount(trx, staffAccount);
      await recordAudit(trx, {
        actorUserId: null,
        action: AUDIT_ACTIONS.staffAccount.created,
        entity: AUDIT_ENTITIES.staffAccount,
        entityId: created._id,
        details: { role: staffAccount.role, via: 'first-start' },
      });
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err, 'email')) return false;
    throw err;
  }
}
