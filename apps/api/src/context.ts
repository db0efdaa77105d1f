import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { type RateLimiter, createRateLimiter } from './modules/kernel/rate-limits/limiter.js';
import { createMailer } from './infra/mail-transport.js';
import { type OutboxWorker, createOutboxWorker } from './modules/domain/applicant-notices/worker.js';
import { type Providers, createProviders } from './infra/text-providers/providers.js';
import { type SessionPolicy, sessionPolicyOf } from './modules/domain/sessions/sessions.js';
import { type AccessTokens, createAccessTokens } from './modules/domain/auth/access-tokens.js';
import { type UrlSigner, createUrlSigner } from './infra/storage/signed-urls.js';
import type { Storage } from './infra/storage/storage.js';

/** What the app is built from; server.ts and the tests both make these. */
export interface AppDeps {
  config: Config;
  db: Db;
  secret: string;
  storage: Storage;
  /** Folder of the built SPA, or null to serve the API only. */
  webRoot: string | null;
  /** The clock session limits are kept by; tests pass their own to move time on without waiting. */
  now?: () => Date;
}

/**
 * Everything a route module or a service may use, built once per app by buildApp and handed to
 * every plugin and route group. Nothing per request lives here: the signed-in user and the
 * request's own data are passed alongside.
 */
export interface AppContext extends AppDeps {
  urls: UrlSigner;
  tokens: AccessTokens;
  rateLimiter: RateLimiter;
  outbox: OutboxWorker;
  log: FastifyBaseLogger;
  /** The idle and absolute limits of staff sessions and the clock they are kept by (ADR 0018). */
  sessionPolicy: SessionPolicy;
  /** The SMS and WhatsApp providers the environment configures (ADR 0044); null: channel unavailable. */
  textProviders: Providers;
}

/** The options every route group is registered with. */
export interface RouteOptions {
  ctx: AppContext;
}

export type RouteGroup = (app: FastifyInstance, opts: RouteOptions) => Promise<void>;

export function createAppContext(deps: AppDeps, log: FastifyBaseLogger): AppContext {
  const textProviders = createProviders(deps.config, deps.config.publicUrl);
  const outbox = createOutboxWorker({
    db: deps.db,
    mailer: createMailer(deps.config),
    providers: textProviders,
    log: log.child({ module: 'outbox' }),
    timeZone: deps.config.APP_TIMEZONE,
    publicUrl: deps.config.publicUrl,
  });
  return {
    ...deps,
    urls: createUrlSigner(deps.secret, deps.config.LINK_MAX_DAYS * 86_400),
    tokens: createAccessTokens(deps.secret),
    rateLimiter: createRateLimiter(deps.db, { secret: deps.secret, ipv6Prefix: deps.config.RATE_LIMIT_IPV6_PREFIX, now: deps.now }),
    outbox,
    log,
    sessionPolicy: sessionPolicyOf(deps.config, deps.now),
    textProviders,
  };
}
