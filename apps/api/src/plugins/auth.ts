import type { FastifyInstance, FastifyPluginOptions, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiAccess } from '@visa/shared/api-paths';
import type { Role } from '@visa/shared/constants';
import { PASSWORD_CHANGE_REQUIRED, SERVER } from '@visa/shared/ui-texts';
import type { SessionInfo } from '@visa/shared/session';
import { BACKGROUND_HEADER, BACKGROUND_VALUE, type SessionEndReason } from '@visa/shared/session-rules';
import type { User } from '@visa/shared/users';
import { HttpError, sessionEnded } from '../lib/http-error.js';

export interface SignedInStaffAccount extends User {
  /** The session family the access token belongs to; logout and reuse detection revoke it. */
  sessionFamily: string;
  /** The session's limits as they stand after this request (ADR 0018), worked out when asked. */
  sessionInfo: () => SessionInfo;
}

/** Who an action is recorded against in the audit log. */
export type Actor = Pick<User, '_id'>;

type Hook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Any signed-in staff member; 401 otherwise. */
    authenticate: Hook;
    /** A bearer token, when one is sent, must be valid (401 otherwise); without one the caller is an anonymous visitor. */
    authenticateIfPresent: Hook;
    /** Signed in and one of these roles; 401 or 403 otherwise. */
    requireRole: (...roles: Role[]) => Hook;
    /** Signed in, one of `roles` when given, and past the password rule when `passwordFirst` (withAccess). */
    guard: (roles: readonly Role[] | null, passwordFirst: boolean) => Hook;
  }
  interface FastifyRequest {
    user: SignedInStaffAccount | null;
  }
  interface FastifyContextConfig {
    /** Open to someone who must choose a new password first: choosing it, reading /me, the session (docs/product.md#files-and-passwords-from-the-earlier-app). */
    whilePasswordChangeRequired?: boolean;
  }
}

/** What a valid access token says: whose it is and which session it belongs to. */
export type AccessClaims = Readonly<{ userId: string; sessionFamily: string }>;

/** Whether a request counts as the person's activity or as the web app's background check (ADR 0018). */
export type Activity = 'person' | 'background';

/** The staff account behind a live session, or why the session has ended. */
export type SessionCheck = { ok: true; user: User; session: () => SessionInfo } | { ok: false; reason: SessionEndReason };

/**
 * How a bearer token is checked, handed to this plugin by app.ts from the auth module (which owns
 * tokens and sessions): this plugin only hangs the check on requests.
 */
export interface AccessCheck {
  /** The token's claims when this server signed it and it has not expired; null otherwise. */
  verify(token: string): AccessClaims | null;
  /** The check answered at once, without a promise, when it can be; null when `later` must be waited for. */
  now(claims: AccessClaims, activity: Activity): SessionCheck | null;
  later(claims: AccessClaims, activity: Activity): Promise<SessionCheck>;
}

/** The bearer token of a request, if it sends one. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
}

/**
 * Every staff call carries `Authorization: Bearer <JWT>`. The token alone is not trusted for the
 * role: the user and a live session are read on each request, so a deleted account, a changed
 * role or a logout take effect at once rather than when the token expires. The same check keeps the
 * session's idle and absolute limits (ADR 0018): a call the person made counts as activity, one
 * the web app marks as background does not. Only a valid token gets that far, so nobody can keep
 * a session alive without one; and a 401 for a session that has ended says why (`reason`) to the
 * holder of its token only.
 */
export default fp(async function auth(app: FastifyInstance, opts: { check: AccessCheck }) {
  const { check: access } = opts;
  app.decorateRequest('user', null);

  /** Signs the request in, or answers the error its caller gets (401 with the reason a session ended). */
  function settle(request: FastifyRequest, check: SessionCheck, sessionFamily: string): Error | undefined {
    if (!check.ok) return sessionEnded(check.reason);
    // Written out rather than spread from check.user: measured under load, the spread made every
    // staff request dearer (bench/HISTORY.md).
    const { user } = check;
    request.user = {
      _id: user._id,
      name: user.name,
      email: user.email,
      role: user.role,
      mustChangePassword: user.mustChangePassword,
      sessionFamily,
      sessionInfo: check.session,
    };
    return undefined;
  }

  /**
   * Whether the signed-in caller may go on: one of `roles` when given, and someone who must choose
   * a new password first only on the routes marked for it.
   */
  function admitted(request: FastifyRequest, roles: readonly Role[] | null, passwordFirst: boolean): Error | undefined {
    const { user } = request;
    if (!user) return new HttpError(401, SERVER.unauthorized);
    if (roles && !roles.includes(user.role)) return new HttpError(403, SERVER.forbidden);
    return passwordFirst ? passwordChangeRefusal(request, user) : undefined;
  }

  /**
   * The access check as one hook: the token, the session, then the role and the password rule when
   * asked, so a guarded route runs one hook rather than one per rule.
   *
   * A callback hook: on SQLite the check is usually answered at once (access.now), and then no
   * promise is made at all; otherwise it waits for access.later. It must not return that promise:
   * Fastify would then take it for an async hook and continue the chain twice.
   */
  const guard =
    (roles: readonly Role[] | null, passwordFirst: boolean): Hook =>
    (request, _reply, done) => {
      const token = bearerToken(request);
      const claims = token ? access.verify(token) : null;
      if (!claims) return done(new HttpError(401, SERVER.unauthorized));
      const activity = request.headers[BACKGROUND_HEADER] === BACKGROUND_VALUE ? 'background' : 'person';
      const now = access.now(claims, activity);
      if (now) return done(settle(request, now, claims.sessionFamily) ?? admitted(request, roles, passwordFirst));
      void access.later(claims, activity).then(
        (check) => done(settle(request, check, claims.sessionFamily) ?? admitted(request, roles, passwordFirst)),
        // Whatever it rejects with stops the request: done() without an error would let it through.
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
    };
  const authenticate = guard(null, false);
  app.decorate('authenticate', authenticate);
  app.decorate('authenticateIfPresent', ((request, reply, done) => {
    if (request.headers.authorization) authenticate(request, reply, done);
    else done();
  }) satisfies Hook);
  app.decorate('requireRole', (...roles: Role[]): Hook => guard(roles, false));
  app.decorate('guard', guard);
});

/**
 * Someone who signed in with an earlier app's password that breaks the password rule chooses a
 * new one before anything else: every staff route but those marked for it answers 403 until then.
 */
function passwordChangeRefusal(request: FastifyRequest, user: SignedInStaffAccount): Error | undefined {
  return user.mustChangePassword && !request.routeOptions.config.whilePasswordChangeRequired
    ? new HttpError(403, PASSWORD_CHANGE_REQUIRED.refused)
    : undefined;
}

/**
 * Who may call a group of routes, declared where the group is registered (app.ts) and checked at
 * start-up against the route table's word for each of its routes (ADR 0061): 'public' for anyone,
 * 'staff' for any signed-in staff member, 'superadmin' for super-admins only.
 */
export type Access = ApiAccess;

/**
 * Puts a group of routes behind its access rule. The check runs in onRequest, before the body or
 * the parameters are read, so an outsider learns nothing from validation messages and an
 * anonymous upload is refused without being read.
 */
export function withAccess<O extends FastifyPluginOptions>(
  access: Access,
  routes: (app: FastifyInstance, opts: O) => Promise<void>,
): (app: FastifyInstance, opts: O) => Promise<void> {
  const guarded = async (scope: FastifyInstance, opts: O) => {
    // One hook per request for the whole rule: the token and session, the role, the password rule.
    if (access === 'staff') scope.addHook('onRequest', scope.guard(null, true));
    if (access === 'superadmin') scope.addHook('onRequest', scope.guard(['superadmin'], true));
    // Called in this scope rather than registered again, so the group's prefix is applied once.
    await routes(scope, opts);
  };
  // Fastify names a plugin without a display name by looking for it among the exports of every
  // CommonJS module loaded, at each registration; this one is no module's export, and the search
  // ends at its function name anyway.
  return Object.assign(guarded, { [Symbol.for('fastify.display-name')]: 'guarded' });
}
