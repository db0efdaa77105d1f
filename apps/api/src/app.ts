import { SERVER } from '@visa/shared/ui-texts';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { TrustProxy } from './config.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AppDeps, type RouteGroup, createAppContext } from './context.js';
import { lazyRequestLogger, logDestination, loggerOptions, requestLogController } from './lib/logging.js';
import { originForm } from './lib/request-path.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import applicantFileRoutes from './modules/domain/applicant-file/routes.js';
import applicationsRoutes from './modules/domain/applications/routes.js';
import documentRequestRoutes, { documentsPageRoutes } from './modules/domain/document-requests/routes.js';
import caseRoutes, { caseSettingsReadRoutes, caseSettingsRoutes } from './modules/domain/case-work/routes.js';
import custodyRoutes from './modules/domain/case-work/custody-routes.js';
import ledgerRoutes, { feeScheduleReadRoutes, feeScheduleRoutes, ledgerOwnerRoutes } from './modules/domain/ledger/routes.js';
import receiptStaffRoutes, { receiptCheckRoutes, receiptSettingsRoutes } from './modules/domain/ledger/receipt-routes.js';
import { refundRoutes } from './modules/domain/payments/routes.js';
import { isSslcommerzCallbackPath, sslcommerzRoutes } from './modules/domain/payments/sslcommerz-routes.js';
import { isPayPagePath, payLinkRoutes, payPageRoutes } from './modules/domain/payments/pay-link-routes.js';
import { bkashPayRoutes } from './modules/domain/payments/bkash-routes.js';
import moneyReportRoutes, { financialRetentionRoutes } from './modules/domain/money-reports/routes.js';
import { calendarFeedAccountRoutes, calendarRoutes } from './modules/domain/staff-deadlines/routes.js';
import uploadRoutes, { isDocumentsPagePath, isUploadPath } from './modules/domain/document-requests/upload-routes.js';
import authRoutes, { deviceRoutes, sessionRoutes } from './modules/domain/auth/routes.js';
import { accessCheckOf } from './modules/domain/auth/service.js';
import fileRoutes from './modules/domain/files/routes.js';
import healthRoutes from './modules/kernel/health/routes.js';
import readyRoutes from './modules/operations/system/routes.js';
import messageSettingsRoutes, { failedTextMessageRoutes, receiptRoutes } from './modules/domain/applicant-notices/routes.js';
import outboxPlugin from './modules/domain/applicant-notices/plugin.js';
import { createFilledPages } from './modules/domain/office-contact/filled-pages.js';
import { officeContactRoutes } from './modules/domain/office-contact/routes.js';
import pageFormRoutes from './modules/domain/page-forms/routes.js';
import { privacyNoticeFiller } from './modules/domain/privacy/filled-notice.js';
import { privacyOwnerRoutes, privacyStaffRoutes } from './modules/domain/privacy/routes.js';
import { isFormPagePath } from './modules/domain/page-forms/pages.js';
import passwordResetRoutes from './modules/domain/password-reset/routes.js';
import { secondFactorAccountRoutes, secondStepRoutes } from './modules/domain/second-factor/routes.js';
import seoRoutes from './modules/domain/seo/routes.js';
import settingsRoutes from './modules/kernel/settings/routes.js';
import retentionSettingsRoutes, { erasureRoutes } from './modules/operations/retention/routes.js';
import systemRoutes from './modules/operations/system/system-routes.js';
import slideRoutes, { slideListRoutes } from './modules/domain/slides/routes.js';
import staffAccountRoutes, { profileRoutes } from './modules/domain/staff-accounts/routes.js';
import statusCheckRoutes from './modules/domain/status-check/routes.js';
import { type DeclaredRoute, checkRouteTable, recordRoutes } from './lib/api-routes.js';
import auth, { type Access, withAccess } from './plugins/auth.js';
import docs from './plugins/docs.js';
import errorHandler from './plugins/error-handler.js';
import requestTarget from './plugins/request-target.js';
import security from './plugins/security.js';
import storagePlugin from './plugins/storage.js';
import web from './plugins/web.js';
import xsrf from './plugins/xsrf.js';

/** Where the providers post delivery receipts: signed by them, so exempt from the XSRF check. */
const RECEIPTS_PREFIX = '/api/messages/receipts';

/**
 * Every route group with who may call it, in the order the OpenAPI document lists them. A new
 * public group is a deliberate choice: the authorization test's allowlist must name its routes too.
 */
const ROUTE_GROUPS: [access: Access, prefix: string, routes: RouteGroup][] = [
  ['public', '/api', healthRoutes],
  ['public', '/api', readyRoutes],
  ['public', '/api/users', authRoutes],
  ['public', '/api/users', secondStepRoutes],
  ['public', '/api/users', passwordResetRoutes],
  ['staff', '/api/users', sessionRoutes],
  ['staff', '/api/users', profileRoutes],
  ['staff', '/api/users', deviceRoutes],
  ['staff', '/api/users', secondFactorAccountRoutes],
  ['superadmin', '/api/users', staffAccountRoutes],
  ['superadmin', '/api/users', settingsRoutes],
  // Status messages by SMS and WhatsApp (ADR 0044, 0045).
  ['superadmin', '/api/users', messageSettingsRoutes],
  ['staff', '/api/application', failedTextMessageRoutes],
  ['public', RECEIPTS_PREFIX, receiptRoutes],
  ['superadmin', '/api/users', systemRoutes],
  ['staff', '/api/application', applicationsRoutes],
  ['staff', '/api/application', applicantFileRoutes],
  ['public', '/api/application', statusCheckRoutes],
  // Retention windows and erasing one applicant (ADR 0052).
  ['superadmin', '/api/users', retentionSettingsRoutes],
  ['superadmin', '/api/application', erasureRoutes],
  // Documents by link (ADR 0046, ADR 0047): staff's side, then the applicant's page and its tus uploads, opened by the link's token.
  ['staff', '/api/application', documentRequestRoutes],
  ['public', '/api', documentsPageRoutes],
  // The case as IRCC runs it (ADR 0077).
  ['staff', '/api/application', caseRoutes],
  ['staff', '/api/users', caseSettingsReadRoutes],
  ['superadmin', '/api/users', caseSettingsRoutes],
  ['staff', '/api/application', custodyRoutes],
  // Money on an application (ADR 0084).
  ['staff', '/api/application', ledgerRoutes],
  ['superadmin', '/api/application', ledgerOwnerRoutes],
  ['superadmin', '/api/application', refundRoutes],
  ['public', '/api/pay', bkashPayRoutes],
  ['staff', '/api/users', feeScheduleReadRoutes],
  ['superadmin', '/api/users', feeScheduleRoutes],
  // Paying a payment link through SSLCommerz (ADR 0089): the link's token stands in for a session; SSLCommerz's posts are signed.
  ['public', '/api/pay', sslcommerzRoutes],
  // Payment links (ADR 0091): staff send one; the pay page reads what is due by the link's token.
  ['staff', '/api/application', payLinkRoutes],
  ['public', '/api', payPageRoutes],
  ['staff', '/api/application', receiptStaffRoutes],
  ['superadmin', '/api/users', receiptSettingsRoutes],
  ['public', '/api', receiptCheckRoutes],
  // Money reports and how long the books stay (ADR 0092).
  ['superadmin', '/api/application', moneyReportRoutes],
  ['superadmin', '/api/users', financialRetentionRoutes],
  // Staff's calendar feed of their deadlines (ADR 0081): the token in the feed's path stands in for a session.
  ['staff', '/api/users', calendarFeedAccountRoutes],
  ['public', '/api/calendar', calendarRoutes],
  ['public', '/api/uploads', uploadRoutes],
  // The office's contact details for the public site (ADR 0025).
  ['public', '/api', officeContactRoutes],
  // The privacy notice, consent and the applicant's data (ADR 0053).
  ['staff', '/api/privacy', privacyStaffRoutes],
  ['superadmin', '/api/privacy', privacyOwnerRoutes],
  // Public, with more for a caller that sends a valid bearer token.
  ['public', '/api/slider', slideListRoutes],
  ['staff', '/api/slider', slideRoutes],
  // Signed URLs for private files, public media, robots.txt and the sitemap.
  ['public', '', fileRoutes],
  ['public', '', seoRoutes],
  // A page's form posted without its script: pages, not JSON, at the pages' own paths (ADR 0037).
  ['public', '', pageFormRoutes],
];

/** JSON bodies are small forms; uploads go through multipart with their own limits (plugins/uploads.ts). */
const BODY_LIMIT = 256 * 1024;

/**
 * Which proxies' X-Forwarded-For to believe (ADR 0016). Fastify ignores a bare hop count (it cannot
 * tell a proxy from a client that connects directly), so hops are counted here: the socket's peer
 * and the next `hops - 1` addresses are proxies, the one before them is the client.
 */
function trustProxyOption(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** Fastify's options, all but the logger: that is the app's own, at the configured LOG_LEVEL (lib/logging.ts). */
export interface BuildOptions extends Omit<FastifyServerOptions, 'logger' | 'loggerInstance' | 'childLoggerFactory' | 'logController'> {
  /** Where the app's own logger writes (standard output by default); the log tests read it. */
  logStream?: { write(line: string): void };
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { logStream, ...fastifyOptions } = options;
  const app = Fastify({
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    rewriteUrl: (req) => originForm(req.url ?? '/'),
    logger: { ...loggerOptions(deps.config.LOG_LEVEL), stream: logStream ?? logDestination() },
    childLoggerFactory: lazyRequestLogger,
    logController: requestLogController(),
    // The router's own refusals (a path that does not decode, a parameter past its length) would
    // otherwise quote the whole address back, an upload's id or a signature included.
    frameworkErrors: (err, _request, reply: FastifyReply) => {
      void reply.status(err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400).send({ message: SERVER.badPath });
    },
    ...fastifyOptions,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const ctx = createAppContext(deps, app.log);

  // External plugins.
  await app.register(errorHandler);
  // Every request's hooks, in order: the path check and the security headers (one hook: a path
  // that cannot be read one way only is refused before anything else), the cookies and the
  // anti-forgery check (one hook, xsrf.ts), then a guarded route's access check (one hook, auth.ts).
  await app.register(requestTarget);
  await app.register(security, { webRoot: deps.webRoot });
  await app.register(cookie, { hook: false });
  await app.register(docs);

  // App plugins.
  await app.register(xsrf, {
    secure: deps.config.cookieSecure,
    publicOrigin: new URL(deps.config.publicUrl).origin,
    isFormPage: isFormPagePath,
    isSignedWebhook: (path) => path.startsWith(`${RECEIPTS_PREFIX}/`) || isSslcommerzCallbackPath(path),
    isTokenUpload: isUploadPath,
  });
  // The tests sign tokens through the app; the auth plugin only checks them, with what the auth module gives it.
  app.decorate('tokens', ctx.tokens);
  await app.register(auth, { check: accessCheckOf(ctx) });
  await app.register(storagePlugin, { storage: ctx.storage, urls: ctx.urls });
  await app.register(outboxPlugin, { outbox: ctx.outbox });

  // Routes, checked against the route table (ADR 0061): an app whose routes or access rules differ does not start.
  const declared: DeclaredRoute[] = [];
  for (const [access, prefix, routes] of ROUTE_GROUPS) {
    await app.register(withAccess(access, recordRoutes(access, routes, declared)), { prefix, ctx });
  }
  checkRouteTable(declared);
  const root = deps.webRoot;
  await app.register(web, {
    root,
    filledPages: root ? createFilledPages(ctx.db, root, privacyNoticeFiller(ctx.db, ctx.config.APP_TIMEZONE)) : null,
    isNoStorePage: (path) => isDocumentsPagePath(path) || isPayPagePath(path),
  });

  return app;
}
