import { LIMITS } from '@visa/shared/limits';
import { PASSWORD_RESET } from '@visa/shared/users';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { boundedExpiry, linkBoundOf } from '../../../lib/link-lifetime.js';
import { newSecretToken, sha256 } from '../../../lib/tokens.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { acrossAddresses } from '../../kernel/rate-limits/across-addresses.js';
import { endCredentialGrants } from '../../kernel/credential-grants/credential-change.js';
import { OUTBOX_SECRET_PLACEHOLDER, queueStaffEmail } from '../applicant-notices/outbox-repository.js';
import { renderPasswordResetEmail } from '../staff-accounts/emails.js';
import { assertPasswordAllowed } from '../../../lib/password-policy.js';
import { hashPassword } from '../staff-accounts/passwords.js';
import { findStaffAccountByEmail, findStaffAccountById, updateStaffAccount } from '../staff-accounts/repository.js';
import { consumeReset, isResetUsable, replaceReset } from './repository.js';

/** "Forgot password?" (ADR 0023): single-use links, kept as their hash, that end every session when used. */

const { linkMinutes: LINK_MINUTES, requestsPerAddress: REQUESTS_PER_ADDRESS, requestsPerEmail: REQUESTS_PER_EMAIL } = LIMITS.passwordReset;

/**
 * "Forgot password?" as asked, by the API or by the page's form posted without its script
 * (ADR 0037): the same limits, then the link is sent. It returns before the lookup is done, so the
 * time taken says nothing about whether the email has an account; a failure is logged (without the
 * email) and the person asks again.
 */
export async function requestResetLink(ctx: AppContext, email: string, clientAddress: string, log: FastifyBaseLogger): Promise<void> {
  const { rateLimiter } = ctx;
  await rateLimiter.hit(
    rateLimiter.key('reset-request:ip', { client: clientAddress }),
    REQUESTS_PER_ADDRESS.limit,
    REQUESTS_PER_ADDRESS.windowMs,
  );
  const turn = await acrossAddresses(rateLimiter, REQUESTS_PER_EMAIL, 'reset-request:email', email, clientAddress, {
    onHardLimit: () => resetRequestsRefused(ctx, email),
  });
  // Every request uses up its address group's go at the email: only a new address group asks again past the limit.
  try {
    await turn.failed();
  } finally {
    await turn.release();
  }
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
  // The outbox keeps the token apart from the body and wipes it once sent (ADR 0040).
  const link = `${ctx.config.publicUrl}/reset-password#token=${OUTBOX_SECRET_PLACEHOLDER}`;
  const mail = renderPasswordResetEmail(staffAccount, link, LINK_MINUTES, PASSWORD_RESET.emailSubject);
  await db.transaction().execute(async (trx) => {
    await replaceReset(trx, {
      userId: staffAccount.id,
      tokenHash: sha256(token),
      now,
      // Far inside LINK_MAX_DAYS; held to it all the same, as every bearer link is (ADR 0065).
      expiresAt: boundedExpiry(new Date(now.getTime() + LINK_MINUTES * 60_000), linkBoundOf(ctx.config), now),
    });
    await queueStaffEmail(trx, { to: staffAccount.email, ...mail, secret: token }, now);
    await recordAudit(trx, {
      actorUserId: null,
      action: AUDIT_ACTIONS.staffAccount.passwordResetRequested,
      entity: AUDIT_ENTITIES.staffAccount,
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
  // A link that cannot work costs no argon2 work: anyone can send one, as often as the limits allow.
  if (!(await isResetUsable(ctx.db, sha256(token), new Date()))) return false;
  const passwordHash = await hashPassword(password, 'anonymous');
  const owner = await ctx.db.transaction().execute(async (trx) => {
    const id = await consumeReset(trx, sha256(token), new Date());
    if (!id) return null;
    const staffAccount = await findStaffAccountById(trx, id);
    if (staffAccount) assertPasswordAllowed(password, staffAccount.email);
    await updateStaffAccount(trx, id, { passwordHash });
    await endCredentialGrants(trx, id, ['password']);
    await recordAudit(trx, {
      actorUserId: id,
      action: AUDIT_ACTIONS.staffAccount.passwordReset,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: id,
    });
    return id;
  });
  return owner !== null;
}

/** The first request for one email past its hard limit in the window: audited once, with the account when the email has one. */
async function resetRequestsRefused(ctx: AppContext, email: string): Promise<void> {
  const staffAccount = await findStaffAccountByEmail(ctx.db, email);
  await recordAudit(ctx.db, {
    actorUserId: null,
    action: AUDIT_ACTIONS.staffAccount.passwordResetRequestsRefused,
    entity: AUDIT_ENTITIES.staffAccount,
    entityId: staffAccount?.id ?? null,
    details: { requests: LIMITS.passwordReset.requestsPerEmail.hardLimit },
  });
}
