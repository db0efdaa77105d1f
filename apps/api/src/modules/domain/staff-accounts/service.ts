import { LIMITS } from '@visa/shared/limits';
import { PASSWORD, SERVER } from '@visa/shared/ui-texts';
import type { AddUserInput, ProfileInput, UpdateUserInput, User } from '@visa/shared/users';
import { STAFF } from '@visa/shared/staff-account-texts';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { AppContext } from '../../../context.js';
import { isUniqueViolation } from '../../../db/connection.js';
import { HttpError, badRequest, conflict, notFound } from '../../../lib/http-error.js';
import type { SignedInStaffAccount } from '../../../plugins/auth.js';
import { auditedClient } from '../../kernel/audit/client.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { endCredentialGrants } from '../../kernel/credential-grants/credential-change.js';
import { assertPasswordAllowed } from '../../../lib/password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';

/**
 * Rules for staff accounts (ADR 0006): only super-admins manage accounts (their route group
 * checks the role), emails are unique, nobody deletes themself, changes their own role, or removes
 * the last super-admin. Every change is audited. Passwords are hashed before a transaction opens,
 * so argon2's deliberate slowness never holds a database lock.
 */

const emailTaken = (err: unknown): never => {
  if (isUniqueViolation(err, 'email')) throw conflict(SERVER.emailTaken);
  throw err;
};

/** Every staff account, for the super-admins' list. */
export const listStaffAccounts = (ctx: AppContext): Promise<User[]> => repo.listStaffAccounts(ctx.db);

export async function createStaffAccount(ctx: AppContext, actor: SignedInStaffAccount, input: AddUserInput): Promise<User> {
  assertPasswordAllowed(input.password, input.email);
  const passwordHash = await hashPassword(input.password);
  const role = input.role ?? 'admin';
  return ctx.db.transaction().execute(async (trx) => {
    const staffAccount = await repo.insertStaffAccount(trx, { name: input.name, email: input.email, role, passwordHash }).catch(emailTaken);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.staffAccount.created,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: staffAccount._id,
      details: { role },
    });
    return staffAccount;
  });
}

export async function updateStaffAccount(ctx: AppContext, actor: SignedInStaffAccount, id: string, input: UpdateUserInput): Promise<User> {
  if (id === actor._id && input.role !== undefined && input.role !== actor.role) throw conflict(STAFF.cannotChangeOwnRole);
  // Judged against the email the account will have after this change.
  if (input.password !== undefined) assertPasswordAllowed(input.password, input.email);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockSuperadmins(trx);
    const before = await repo.findStaffAccountById(trx, id);
    if (!before) throw notFound(STAFF.notFound);
    if (before.role === 'superadmin' && input.role === 'admin' && (await repo.countStaffAccounts(trx, 'superadmin')) <= 1) {
      throw conflict(SERVER.lastSuperadmin);
    }
    const after = await repo
      .updateStaffAccount(trx, id, { name: input.name, email: input.email, role: input.role, passwordHash })
      .catch(emailTaken);
    if (!after) throw notFound(STAFF.notFound);
    const changed: string[] = (['name', 'email', 'role'] as const).filter((field) => before[field] !== after[field]);
    if (passwordHash) changed.push('password');
    // A new password, email or role ends what the old ones let in (sessions for a password, but the super-admin's own current one).
    const credentials = changed.filter((field) => field === 'password' || field === 'email' || field === 'role');
    await endCredentialGrants(trx, id, credentials, id === actor._id ? actor.sessionFamily : undefined);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.staffAccount.updated,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: id,
      details: { changed },
    });
    return after;
  });
}

export async function deleteStaffAccount(ctx: AppContext, actor: SignedInStaffAccount, id: string): Promise<void> {
  if (id === actor._id) throw conflict(SERVER.cannotDeleteSelf);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockSuperadmins(trx);
    const target = await repo.findStaffAccountById(trx, id);
    if (!target) throw notFound(STAFF.notFound);
    if (target.role === 'superadmin' && (await repo.countStaffAccounts(trx, 'superadmin')) <= 1) throw conflict(SERVER.lastSuperadmin);
    // Its rows would go with it (ON DELETE CASCADE); ended here too, so every credential change ends the same things.
    await endCredentialGrants(trx, id, ['deleted']);
    await repo.deleteStaffAccount(trx, id);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.staffAccount.deleted,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: id,
      // The account's id (entity_id) names it; its name and email are not kept once it is gone (ADR 0052).
      details: { role: target.role },
    });
  });
}

const PROFILE_PASSWORD = LIMITS.profilePassword.perAccount;

/**
 * The signed-in account proves it is them with its current password, within one limit per account
 * wherever it is asked (the profile, turning on two-step sign-in); a wrong one is audited.
 */
export async function checkCurrentPassword(ctx: AppContext, userId: string, password: string, client: string): Promise<void> {
  const limitKey = ctx.rateLimiter.key('profile-password:user', userId);
  await ctx.rateLimiter.hit(limitKey, PROFILE_PASSWORD.limit, PROFILE_PASSWORD.windowMs);
  const current = await repo.findPasswordHash(ctx.db, userId);
  // The account was deleted between authentication and now.
  if (current === undefined) throw new HttpError(401, SERVER.unauthorized);
  if (!(await verifyPassword(current, password))) {
    await recordAudit(ctx.db, {
      actorUserId: userId,
      action: AUDIT_ACTIONS.staffAccount.currentPasswordWrong,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: userId,
      details: { client: auditedClient(ctx.secret, client) },
    });
    throw badRequest(PASSWORD.currentWrong, [{ path: 'currentPassword', message: PASSWORD.currentWrong }]);
  }
  await ctx.rateLimiter.reset(limitKey);
}

/**
 * The signed-in account edits its own name and password, proving it is them with the current
 * password (docs/product.md#api-users); its other sessions are signed out.
 */
export async function updateProfile(ctx: AppContext, actor: SignedInStaffAccount, input: ProfileInput, client: string): Promise<User> {
  await checkCurrentPassword(ctx, actor._id, input.currentPassword, client);
  assertPasswordAllowed(input.password, actor.email);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const after = await repo.updateStaffAccount(trx, actor._id, { name: input.name, passwordHash });
    // The account was deleted between authentication and now.
    if (!after) throw new HttpError(401, SERVER.unauthorized);
    await endCredentialGrants(trx, actor._id, ['password'], actor.sessionFamily);
    const changed = actor.name === after.name ? ['password'] : ['name', 'password'];
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.staffAccount.profileUpdated,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: actor._id,
      details: { changed },
    });
    return after;
  });
}
