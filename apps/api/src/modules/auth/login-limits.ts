import { LIMITS, windowMinutes } from '@visa/shared/limits';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import type { AppContext } from '../../context.js';
import { recordAudit } from '../audit/repository.js';
import { enqueueEmail } from '../notifications/repository.js';
import { renderSignInAlertEmail } from '../notifications/staff-alerts.js';
import { ceilingDelayMs, counterKeyHasher, waitFor } from '../rate-limits/ceiling.js';
import { tooManyRequests } from '../rate-limits/limiter.js';
import { findStaffAccountByEmail } from '../staff-accounts/repository.js';

/**
 * Sign-in attempts (docs/product.md#limits, ADR 0017). Two limits refuse with 429, and neither can
 * be used by one address to lock an account out for everyone: every attempt from an address, and
 * attempts on one email from one address. Across all addresses an email has a far higher ceiling
 * that only slows the answers down and emails the account holder once per window.
 */

const { perAddress: PER_ADDRESS, perAccountAndAddress: PER_ACCOUNT_AND_ADDRESS, perAccount: CEILING } = LIMITS.login;

/** One sign-in attempt, between its limits and its outcome. */
export interface SignInAttempt {
  email: string;
  client: string;
  /** The per-(email, address) counter, cleared by a success. */
  accountAddressKey: string;
}

/**
 * Counts the attempt and refuses or slows it (call before looking at the password). The first
 * attempt past each limit in a window is recorded in the audit log; the first past the ceiling also
 * queues the alert email when the email belongs to an account.
 */
export async function admitSignIn(ctx: AppContext, email: string, client: string): Promise<SignInAttempt> {
  const hash = counterKeyHasher(ctx.secret);
  const attempt = { email, client, accountAddressKey: `login:account-ip:${hash(email, client)}` };

  const perAddress = await ctx.rateLimiter.count(`login:ip:${client}`, PER_ADDRESS.windowMs);
  if (perAddress.count > PER_ADDRESS.limit) {
    if (perAddress.count === PER_ADDRESS.limit + 1) await recordLimit(ctx, attempt, 'address');
    throw tooManyRequests(perAddress.retryAfterSeconds);
  }

  const perAccountAddress = await ctx.rateLimiter.count(attempt.accountAddressKey, PER_ACCOUNT_AND_ADDRESS.windowMs);
  if (perAccountAddress.count > PER_ACCOUNT_AND_ADDRESS.limit) {
    if (perAccountAddress.count === PER_ACCOUNT_AND_ADDRESS.limit + 1) await recordLimit(ctx, attempt, 'account-address');
    throw tooManyRequests(perAccountAddress.retryAfterSeconds);
  }

  const acrossAddresses = await ctx.rateLimiter.count(`login:account:${hash(email)}`, CEILING.windowMs);
  const delayMs = ceilingDelayMs(acrossAddresses.count, CEILING);
  if (acrossAddresses.count === CEILING.limit + 1) await ceilingCrossed(ctx, attempt, delayMs);
  await waitFor(delayMs);
  return attempt;
}

/** Every failed sign-in is audited: the account when the email has one, else nothing that identifies what was typed. */
export async function signInFailed(ctx: AppContext, attempt: SignInAttempt, userId: string | null): Promise<void> {
  await recordAudit(ctx.db, {
    actorUserId: null,
    action: AUDIT_ACTIONS.staffAccount.loginFailed,
    entity: 'user',
    entityId: userId,
    details: { client: attempt.client, ...(userId ? {} : { account: 'unknown' }) },
  });
}

/** The right password from this address: its own count on this email starts again. The ceiling's does not. */
export async function signInSucceeded(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  await ctx.rateLimiter.reset(attempt.accountAddressKey);
}

/** An address's own limit names no account: it covers every email tried from there. */
async function recordLimit(ctx: AppContext, attempt: SignInAttempt, scope: 'address' | 'account-address') {
  const staffAccount = scope === 'address' ? undefined : await findStaffAccountByEmail(ctx.db, attempt.email);
  await recordAudit(ctx.db, {
    actorUserId: null,
    action: AUDIT_ACTIONS.staffAccount.loginLimited,
    entity: 'user',
    entityId: staffAccount?.id ?? null,
    details: { scope, client: attempt.client },
  });
}

async function ceilingCrossed(ctx: AppContext, attempt: SignInAttempt, delayMs: number) {
  const staffAccount = await findStaffAccountByEmail(ctx.db, attempt.email);
  const minutes = windowMinutes(CEILING);
  await ctx.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      actorUserId: null,
      action: AUDIT_ACTIONS.staffAccount.loginSlowed,
      entity: 'user',
      entityId: staffAccount?.id ?? null,
      details: { attempts: CEILING.limit, windowMinutes: minutes, delayMs, client: attempt.client },
    });
    if (staffAccount) {
      await enqueueEmail(trx, {
        applicationId: null,
        to: staffAccount.email,
        ...renderSignInAlertEmail(staffAccount, CEILING.limit, minutes),
      });
    }
  });
  if (staffAccount) ctx.outbox.kick();
}
