import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { hashPassword } from './modules/users/passwords.js';
import * as users from './modules/users/repository.js';

/**
 * First start: make sure someone can sign in. ADMIN_EMAIL/ADMIN_PASSWORD create (or keep) that
 * superadmin; with neither set and no user at all, admin@example.com gets a generated password
 * that is printed once.
 */
export async function ensureSuperadmin(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const existing = await users.findUserByEmail(db, config.ADMIN_EMAIL);
    if (!existing) {
      await users.insertUser(db, {
        name: config.ADMIN_NAME,
        email: config.ADMIN_EMAIL,
        role: 'superadmin',
        passwordHash: await hashPassword(config.ADMIN_PASSWORD),
      });
      log.info({ email: config.ADMIN_EMAIL }, 'created superadmin from ADMIN_EMAIL');
    }
    return;
  }
  if ((await users.countUsers(db)) > 0) return;
  const password = randomBytes(12).toString('base64url');
  await users.insertUser(db, {
    name: config.ADMIN_NAME,
    email: 'admin@example.com',
    role: 'superadmin',
    passwordHash: await hashPassword(password),
  });
  // Printed on stdout rather than logged as a field so it is shown exactly once, plainly.
  process.stdout.write(
    `\n  First start: a super-admin account was created.\n    email:    admin@example.com\n    password: ${password}\n  Change it from the Profile page after signing in.\n\n`,
  );
}
