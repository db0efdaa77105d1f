import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN } from '@visa/shared/ui-texts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { AppContext } from '../../../context.js';
import { HttpError } from '../../../lib/http-error.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { type AccountAsChecked, findStaffAccountById, holdAccountAsChecked, toStaffAccount } from '../staff-accounts/repository.js';
import { rememberSignIn } from './known-devices.js';
import { type SessionContext, cookieLifetime, rotateSession, setSessionCookies, startSession } from './sessions.js';

/** Where a session was started from, shown on the account's list of devices. */
export const deviceOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] ?? null });

/**
 * The end of every sign-in, whichever steps led here (password only, or password and a second
 * factor): a new session, its cookies, the audit entry and the access token.
 */
export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staffAccount: Parameters<typeof toStaffAccount>[0],
  details?: Record<string, unknown>,
  asChecked?: AccountAsChecked,
) {
  const started = await ctx.db.transaction().execute(async (trx) => {
    if (asChecked && !(await holdAccountAsChecked(trx, asChecked))) return null;
    return startSession(trx, staffAccount.id, deviceOf(request), ctx.sessionPolicy);
  });
  if (!started) throw new HttpError(401, LOGIN.invalidCredentials);
  const { familyId, refreshToken, session } = started;
  setSessionCookies(reply, refreshToken, ctx.config.cookieSecure, cookieLifetime(session, ctx.sessionPolicy.now()));
  await rememberSignIn(ctx, request, reply, staffAccount.id);
  await recordAudit(ctx.db, {
    actorUserId: staffAccount.id,
    action: AUDIT_ACTIONS.staffAccount.login,
    entity: AUDIT_ENTITIES.staffAccount,
    entityId: staffAccount.id,
    details,
  });
  return {
    token: await ctx.tokens.sign(staffAccount, familyId),
    user: toStaffAccount(staffAccount),
    session,
  };
}

/**
 * A refresh: the refresh token rotated (sessions.ts says how a reused or ended one is refused) and
 * the account the session belongs to, read again so a deleted account or a changed role shows.
 */
export async function renewSession(ctx: AppContext, presented: string, device: SessionContext) {
  const result = await rotateSession(ctx.db, presented, device, ctx.sessionPolicy);
  if (!result.ok) return result;
  return { ...result, staffAccount: await findStaffAccountById(ctx.db, result.userId) };
}
