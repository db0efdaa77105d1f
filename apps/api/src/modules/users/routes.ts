import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connection.js';
import accountRoutes from './account-routes.js';
import authRoutes from './auth-routes.js';
import staffRoutes from './staff-routes.js';

/** Everything under /api/users: sign-in and sessions, profile, staff accounts. */
export default async function usersRoutes(app: FastifyInstance, opts: { db: Db; cookieSecure: boolean }) {
  await app.register(authRoutes, { db: opts.db, cookieSecure: opts.cookieSecure });
  await app.register(accountRoutes, { db: opts.db, cookieSecure: opts.cookieSecure });
  await app.register(staffRoutes, { db: opts.db });
}
