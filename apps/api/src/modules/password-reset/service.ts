import { LIMITS } from '@visa/shared/limits';
import { PASSWORD_RESET } from '@visa/shared/users';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { newSecretToken, sha256 } from '../../lib/tokens.js';
import { recordAudit } from '../audit/repository.js';
import { revokeStaffAccountSessions } from '../auth/repository.js';
import { enqueueEmail } from '../notifications/repository.js';
import { renderPasswordResetEmail } from '../notifications/templates.js';
import { assertPasswordAllowed } from '../staff-accounts/password-policy.js';
import { hashPassword } from '../staff-accounts/passwords.js';
import { findStaffAccountByEmail, findStaffAccountById, updateStaffAccount } from '../staff-accounts/repository.js';
import { consumeReset, replaceReset } from './repository.js';

/** "Forgot password?" (ADR 0023): single-use links, kept as their hash, that end every session when used. */

const { linkMinutes: LINK_MINUTES, requestsPerAddress: REQUESTS_PER_ADDRESS, requestsPerEmail: REQUESTS_PER_EMAIL } = LIMITS.passwordReset;

/**
 * "Forgot password?" as asked, by the API or by the page's form posted without its script
 * (ADR 0037): the same limits, then the link is sent. It returns before the lookup is done, so the
 * time taken says nothing about whether the email has an account; a failure is logged (without the
 * email) and the person asks again.
 */
export async function requestResetLink(ctx: AppContext, email: string, clientAddress: string, log: FastifyBaseLogger): Promise<void> {
  await ctx.rateLimiter.hit(`reset-request:ip:${clientAddress}`, REQUESTS_PER_ADDRESS.limit, REQUESTS_PER_ADDRESS.windowMs);
  await ctx.rateLimiter.hit(`reset-request:email:${sha256(email)}`, REQUESTS_PER_EMAIL.limit, REQUESTS_PER_EMAIL.windowMs);
  void sendResetLink(ctx, email).catch((err: unknown) => log.error({ err }, 'password reset link not queued'));
}

/**
 * Emails a new link to the account behind `email`, if there is one; any earlier unused link stops
 * working. Nothing tells the caller whether the email has an account.
 */
async function sendResetLink(ctx: AppContext, email: string): Promise<void> {
  const { db } = ctx;
  const staffAccount = await findStaffAccountByEmail(db, email);
  if (!staffAccount) return;
  const token = newSecretToken();
  const now = new Date();
  const link = `${ctx.config.publicUrl}/reset-password#token=${token}`;
  const mail = renderPasswordResetEmail(staffAccount, link, LINK_MINUTES, PASSWORD_RESET.emailSubject);
  await db.transaction().execute(async (trx) => {
    await replaceReset(trx, {
      userId: staffAccount.id,
      tokenHash: sha256(token),
      now,
      expiresAt: new Date(now.getTime() + LINK_MINUTES * 60_000),
    });
    await enqueueEmail(trx, { applicationId: null, to: staffAccount.email, ...mail }, now);
    await recordAudit(trx, {
      actorUserId: null,
      action: AUDIT_ACTIONS.staffAccount.passwordResetRequested,
      entity: 'user',
      entityId: staffAccount.id,
    });
  });
  ctx.outbox.kick();
}

/**
 * Sets a new password with a link and ends every session of the account. Answers false when the
 * link is unknown, used or expired.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<boolean> {
  // The password rule (ADR 0017): the list now, the account's email name once the link names
  // the account; a refusal rolls the transaction back, so the link still works for another try.
  assertPasswordAllowed(password, '');
  const passwordHash = await hashPassword(password);
  const owner = await ctx.db.transaction().execute(async (trx) => {
    const id = await consumeReset(trx, sha256(token), new Date());
    if (!id) return null;
    const staffAccount = await findStaffAccountById(trx, id);
    if (staffAccount) assertPasswordAllowed(password, staffAccount.email);
    await updateStaffAccount(trx, id, { passwordHash });
    await revokeStaffAccountSessions(trx, id);
    await recordAudit(trx, { actorUserId: id, action: AUDIT_ACTIONS.staffAccount.passwordReset, entity: 'user', entityId: id });
    return id;
  });
  return owner !== null;
}
