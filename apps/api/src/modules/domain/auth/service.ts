import { LOGIN } from '@visa/shared/ui-texts';
import type { StaffSession } from '@visa/shared/users';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { AppContext } from '../../../context.js';
import { HttpError } from '../../../lib/http-error.js';
import type { AccessCheck, SignedInStaffAccount } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { issueChallenge, secondStepFor } from '../second-factor/service.js';
import { replaceLegacyHash } from '../staff-accounts/legacy-sign-in.js';
import { verifyPassword } from '../staff-accounts/passwords.js';
import { isLegacyHash } from '../staff-accounts/legacy-passwords.js';
import { type AccountAsChecked, findPasswordHash, findStaffAccountByEmail, holdAccountAsChecked } from '../staff-accounts/repository.js';
import { revokeStaffAccountSessions } from '../../kernel/credential-grants/repository.js';
import { isTrustedAttempt } from '../sessions/known-devices.js';
import { listLiveSessions } from '../sessions/repository.js';
import { checkSession, checkSessionNow } from '../sessions/sessions.js';
import { admitSignIn, signInFailed, signInSucceeded } from './login-limits.js';

/** The check the auth plugin hangs on every staff request: the token, then its live session (ADR 0018). */
export function accessCheckOf(ctx: AppContext): AccessCheck {
  const { db, tokens, sessionPolicy } = ctx;
  return {
    verify: (token) => tokens.verify(token),
    now: (claims, activity) => checkSessionNow(db, sessionPolicy, claims, activity),
    later: (claims, activity) => checkSession(db, sessionPolicy, claims, activity),
  };
}

/**
 * The password step of signing in, within its limits (ADR 0017). Answers the second step that is
 * due (ADR 0019), or the account to complete the sign-in with.
 */
export async function checkPassword(ctx: AppContext, email: string, password: string, client: string, deviceCookie?: string) {
  let staffAccount = await findStaffAccountByEmail(ctx.db, email);
  const trusted = await isTrustedAttempt(ctx, staffAccount?.id, client, deviceCookie);
  const attempt = await admitSignIn(ctx, email, client, trusted);
  try {
    // Looked up again: the account may have changed while the attempt waited for its turn.
    staffAccount = await findStaffAccountByEmail(ctx.db, email);
    // Same answer, and the same argon2 work, whether or not the email exists.
    const ok = await verifyPassword(staffAccount?.password_hash, password, trusted ? 'trusted' : 'anonymous').catch(
      async (err: unknown) => {
        await attempt.notJudged();
        throw err;
      },
    );
    if (!staffAccount || !ok) {
      await signInFailed(ctx, attempt, staffAccount?.id ?? null);
      throw new HttpError(401, LOGIN.invalidCredentials);
    }
    await signInSucceeded(ctx, attempt);
  } finally {
    await attempt.turn.release();
  }
  // An earlier app's hash is replaced now; a password breaking the rule must be changed first.
  const legacy = isLegacyHash(staffAccount.password_hash);
  const mustChange = await replaceLegacyHash(ctx.db, staffAccount, password);
  if (mustChange) staffAccount.must_change_password = 1;
  // The session or challenge is started only while the account is as it was when its password was
  // checked: a reset, an email or role change or a deletion made meanwhile has ended what it could.
  const asChecked: AccountAsChecked = {
    ...staffAccount,
    password_hash: legacy ? ((await findPasswordHash(ctx.db, staffAccount.id)) ?? '') : staffAccount.password_hash,
  };
  // No session and no cookies until the second step is taken.
  const secondFactor = await secondStepFor(ctx.db, staffAccount.id);
  if (secondFactor) {
    const challenge = await ctx.db
      .transaction()
      .execute(async (trx) => ((await holdAccountAsChecked(trx, asChecked)) ? issueChallenge(trx, staffAccount.id, secondFactor) : null));
    if (!challenge) throw new HttpError(401, LOGIN.invalidCredentials);
    return { secondStep: { secondFactor, challenge } };
  }
  return { staffAccount, asChecked };
}

export async function listSessions(ctx: AppContext, actor: SignedInStaffAccount): Promise<StaffSession[]> {
  const sessions = await listLiveSessions(ctx.db, actor._id);
  return sessions.map(({ familyId, ...rest }) => ({ current: familyId === actor.sessionFamily, ...rest }));
}

export async function signOutEverywhere(ctx: AppContext, actor: SignedInStaffAccount): Promise<void> {
  await revokeStaffAccountSessions(ctx.db, actor._id);
  await recordAudit(ctx.db, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.staffAccount.signedOutEverywhere,
    entity: AUDIT_ENTITIES.staffAccount,
    entityId: actor._id,
  });
}
