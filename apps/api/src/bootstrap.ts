import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { type Db, isUniqueViolation } from './db/connection.js';
import { hashPassword } from './modules/staff-accounts/passwords.js';
import * as staffAccounts from './modules/staff-accounts/repository.js';

/**
 * First start: make sure someone can sign in. ADMIN_EMAIL/ADMIN_PASSWORD create (or keep) that
 * superadmin; with neither set and no user at all, admin@example.com gets a generated password
 * that is printed once.
 */
export async function ensureSuperadmin(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const existing = await staffAccounts.findStaffAccountByEmail(db, config.ADMIN_EMAIL);
    if (!existing) {
      const created = await insertFirst(db, {
        name: config.ADMIN_NAME,
        email: config.ADMIN_EMAIL,
        role: 'superadmin',
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
      });
      if (created) log.info('created superadmin from ADMIN_EMAIL');
    }
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
 * email index lets exactly one insert win, and the others carry on with the account it made.
 */
async function insertFirst(db: Db, staffAccount: Parameters<typeof staffAccounts.insertStaffAccount>[1]): Promise<boolean> {
  try {
    await staffAccounts.insertStaffAccount(db, staffAccount);
    return true;
  } catch (err) {
    if (isUniqueViolation(err, 'email')) return false;
    throw err;
  }
}
