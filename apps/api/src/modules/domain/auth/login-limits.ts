import { LIMITS, windowMinutes } from '@visa/shared/limits';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { AppContext } from '../../../context.js';
import { auditedClient } from '../../kernel/audit/client.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { queueStaffEmail } from '../applicant-notices/outbox-repository.js';
import { renderSignInAlertEmail } from '../staff-accounts/emails.js';
import { type AcrossAddressesTurn, acrossAddresses } from '../../kernel/rate-limits/across-addresses.js';
import { tooManyRequests } from '../../kernel/rate-limits/limiter.js';
import { findStaffAccountByEmail } from '../staff-accounts/repository.js';

/**
 * Sign-in attempts (docs/product.md#limits, ADR 0017, ADR 0038). Two limits refuse with 429, and
 * neither can be used by one address to lock an account out for everyone: every attempt from an
 * address group, and attempts on one email from one address group. Across all addresses an email
 * is served one attempt at a time past its limit, with the account holder emailed once per window,
 * and past its hard limit only address groups that have not failed on it are answered.
 */

const { perAddress: PER_ADDRESS, perAccountAndAddress: PER_ACCOUNT_AND_ADDRESS, perAccount: ACROSS } = LIMITS.login;

/** One sign-in attempt, between its limits and its outcome. */
export interface SignInAttempt {
  email: string;
  client: string;
  /** The per-(email, address group) counter, cleared by a success. */
  accountAddressKey: string;
  /** The email's turn across addresses: marked on a failure, given back once the attempt is answered. */
  turn: AcrossAddressesTurn;
  /** The attempt was refused before its password was checked (a full hashing queue): it counts as nothing tried. */
  notJudged(): Promise<void>;
}

/**
 * Counts the attempt and refuses it or waits for its turn (call before looking at the password, and
 * give the turn back once answered). The first attempt past each limit in a window is recorded in
 * the audit log; the first past the limit across addresses also queues the alert email when the
 * email belongs to an account.
 */
export async function admitSignIn(ctx: AppContext, email: string, client: string, trusted: boolean): Promise<SignInAttempt> {
  const { rateLimiter } = ctx;
  const accountAddressKey = rateLimiter.key('login:account-ip', email, { client });

  const perAddress = await rateLimiter.count(rateLimiter.key('login:ip', { client }), PER_ADDRESS.windowMs);
  if (perAddress.count > PER_ADDRESS.limit) {
    if (perAddress.count === PER_ADDRESS.limit + 1) await recordLimit(ctx, email, client, 'address');
    throw tooManyRequests(perAddress.retryAfterSeconds);
  }

  const perAccountAddress = await rateLimiter.count(accountAddressKey, PER_ACCOUNT_AND_ADDRESS.windowMs);
  if (perAccountAddress.count > PER_ACCOUNT_AND_ADDRESS.limit) {
    if (perAccountAddress.count === PER_ACCOUNT_AND_ADDRESS.limit + 1) await recordLimit(ctx, email, client, 'account-address');
    throw tooManyRequests(perAccountAddress.retryAfterSeconds);
  }

  // Refused before it is judged, an attempt is no guess: it does not count against the owner's own address.
  const notJudged = () => rateLimiter.uncount(accountAddressKey, PER_ACCOUNT_AND_ADDRESS.windowMs);
  const turn = await acrossAddresses(rateLimiter, ACROSS, 'login:account', email, client, {
    onLimit: () => limitCrossed(ctx, email, client),
    onHardLimit: () => hardLimitCrossed(ctx, email, client),
    trusted,
  }).catch(async (err: unknown) => {
    await notJudged();
    throw err;
  });
  return {
    email,
    client,
    accountAddressKey,
    turn,
    notJudged: async () => {
      await turn.abandoned();
      await notJudged();
    },
  };
}

/** Every failed sign-in is audited: the account when the email has one, else nothing that identifies what was typed. */
export async function signInFailed(ctx: AppContext, attempt: SignInAttempt, userId: string | null): Promise<void> {
  await attempt.turn.failed();
  await recordAudit(ctx.db, {
    actorUserId: null,
    action: AUDIT_ACTIONS.staffAccount.loginFailed,
    entity: AUDIT_ENTITIES.staffAccount,
    entityId: userId,
    details: { client: auditedClient(ctx.secret, attempt.client), ...(userId ? {} : { account: 'unknown' }) },
  });
}

/** The right password from this address: its own count on this email starts again. The email's count across addresses does not. */
export async function signInSucceeded(ctx: AppContext, attempt: SignInAttempt): Promise<void> {
  await ctx.rateLimiter.reset(attempt.accountAddressKey);
  await attempt.turn.succeeded();
}

/** An address's own limit names no account: it covers every email tried from there. */
async function recordLimit(ctx: AppContext, email: string, client: string, scope: 'address' | 'account-address') {
  const staffAccount = scope === 'address' ? undefined : await findStaffAccountByEmail(ctx.db, email);
  await recordAudit(ctx.db, {
    actorUserId: null,
    action: AUDIT_ACTIONS.staffAccount.loginLimited,
    entity: AUDIT_ENTITIES.staffAccount,
    entityId: staffAccount?.id ?? null,
    details: { scope, client: auditedClient(ctx.secret, client) },
  });
}

async function limitCrossed(ctx: AppContext, email: string, client: string) {
  const staffAccount = await findStaffAccountByEmail(ctx.db, email);
  const minutes = windowMinutes(ACROSS);
  await ctx.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      actorUserId: null,
      action: AUDIT_ACTIONS.staffAccount.loginSlowed,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: staffAccount?.id ?? null,
      details: { attempts: ACROSS.limit, windowMinutes: minutes, client: auditedClient(ctx.secret, client) },
    });
    if (staffAccount) {
      await queueStaffEmail(trx, {
        to: staffAccount.email,
        ...renderSignInAlertEmail(staffAccount, ACROSS.limit, minutes),
      });
    }
  });
  if (staffAccount) ctx.outbox.kick();
}

async function hardLimitCrossed(ctx: AppContext, email: string, client: string) {
  const staffAccount = await findStaffAccountByEmail(ctx.db, email);
  await recordAudit(ctx.db, {
    actorUserId: null,
    action: AUDIT_ACTIONS.staffAccount.loginRefused,
    entity: AUDIT_ENTITIES.staffAccount,
    entityId: staffAccount?.id ?? null,
    details: { attempts: ACROSS.hardLimit, windowMinutes: windowMinutes(ACROSS), client: auditedClient(ctx.secret, client) },
  });
}
