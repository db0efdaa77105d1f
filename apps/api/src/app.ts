import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import applicantFileRoutes from './modules/applicant-file/routes.js';
import applicationsRoutes from './modules/applications/routes.js';
import enquiryRoutes from './modules/enquiry/routes.js';
import healthRoutes from './modules/health/routes.js';
import notifications from './modules/notifications/plugin.js';
import seoRoutes from './modules/seo/routes.js';
import slidesRoutes from './modules/slides/routes.js';
import usersRoutes from './modules/users/routes.js';
import auth from './plugins/auth.js';
import docs from './plugins/docs.js';
import errorHandler from './plugins/error-handler.js';
import rateLimit from './plugins/rate-limit.js';
import security from './plugins/security.js';
import storagePlugin from './plugins/storage/index.js';
import type { Storage } from './plugins/storage/storage.js';
import web from './plugins/web.js';
import xsrf from './plugins/xsrf.js';

/** What the app is built from; server.ts and the tests both make these. */
export interface AppDeps {
  config: Config;
  db: Db;
  secret: string;
  storage: Storage;
  /** Folder of the built SPA, or null to serve the API only. */
  webRoot: string | null;
}

/** JSON bodies are small forms; uploads go through multipart with their own limits. */
const BODY_LIMIT = 256 * 1024;
export const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024 + 1, files: 20, fields: 40, fieldSize: 64 * 1024, parts: 60 };

export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.config.TRUST_PROXY,
    logger: options.logger ?? { level: deps.config.LOG_LEVEL },
    ...options,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await app.register(errorHandler);
  await app.register(cookie);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(security, { webRoot: deps.webRoot });
  await app.register(docs);

  // App plugins.
  await app.register(xsrf, { secure: deps.config.cookieSecure });
  await app.register(rateLimit, { db: deps.db });
  await app.register(auth, { db: deps.db, secret: deps.secret });
  await app.register(storagePlugin, { storage: deps.storage, secret: deps.secret });
  await app.register(notifications, { config: deps.config, db: deps.db });

  // Routes.
  await app.register(healthRoutes, { prefix: '/api', db: deps.db });
  await app.register(usersRoutes, { prefix: '/api/users', db: deps.db, cookieSecure: deps.config.cookieSecure });
  await app.register(applicationsRoutes, { prefix: '/api/application', ...deps });
  await app.register(applicantFileRoutes, { prefix: '/api/application', ...deps });
  await app.register(enquiryRoutes, { prefix: '/api/application', ...deps });
  await app.register(slidesRoutes, { prefix: '/api/slider', ...deps });
  await app.register(seoRoutes, deps);
  await app.register(web, { root: deps.webRoot });

  return app;
}
