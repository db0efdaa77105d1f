import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import { LIMITS } from '@visa/shared/limits';
import { SECOND_FACTOR } from '@visa/shared/ui-texts';
import {
  CHALLENGE_MINUTES,
  RECOVERY_CODE_COUNT,
  type SecondFactorConfirmInput,
  type SecondFactorSetup,
  type SecondFactorStatus,
  TOTP,
} from '@visa/shared/second-factor';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { SecondFactorChange } from '@visa/shared/email-texts';
import { newSecretToken, sha256 } from '../../../lib/tokens.js';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { HttpError, badRequest, conflict } from '../../../lib/http-error.js';
import { deriveKey } from '../../../lib/secret.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { queueStaffEmail } from '../applicant-notices/outbox-repository.js';
import { renderSecondFactorEmail } from '../staff-accounts/emails.js';
import { endCredentialGrants } from '../../kernel/credential-grants/credential-change.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { verifyPassword } from '../staff-accounts/passwords.js';
import * as repo from './repository.js';

/**
 * Two-step sign-in for staff (ADR 0019): TOTP secrets encrypted at rest, codes accepted within one
 * step either side and never twice, recovery codes kept as SHA-256 hashes, and short-lived
 * single-use challenges between the password and the code.
 */

// ---- The secret at rest: AES-256-GCM under a key derived from the app secret for this purpose only.

const CIPHER_VERSION = 'v1';

const secretKey = (appSecret: string) => deriveKey(appSecret, 'second-factor-secret');

/** The account id is the additional data, so a ciphertext copied onto another account does not decrypt. */
function encryptSecret(appSecret: string, userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(appSecret), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [CIPHER_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The base32 secret; throws when the stored value was tampered with or the app secret changed. */
function decryptSecret(appSecret: string, userId: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== CIPHER_VERSION || !iv || !tag || !sealed) throw new Error('unreadable second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

// ---- Codes.

const totpFor = (base32: string, label = 'staff') =>
  new Totp({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(base32),
  });

/** The time step a code belongs to (within one step of now), or null when it matches none. */
function matchingStep(base32: string, code: string, now: Date): number | null {
  const totp = totpFor(base32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}

// Letters and digits that cannot be mistaken for one another when read aloud or copied by hand.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of 12 characters (about 59 bits each), shown as abcd-efgh-jkmn; only their hashes are kept. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 12 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
  return { codes, hashes: codes.map((code) => hashRecoveryCode(code.replaceAll('-', ''))) };
}

/** `normalised` is lower case without dashes, as RecoveryCodeSchema leaves it. */
const hashRecoveryCode = (normalised: string) => sha256(`recovery:${normalised}`);

// ---- Telling the holder (ADR 0039).

/**
 * Queues the email about a change to the account's two-step sign-in, in the transaction that makes
 * the change, so the holder hears of every change that happened and of none that did not.
 */
async function tellHolder(trx: Db, userId: string, change: SecondFactorChange, now = new Date()): Promise<void> {
  const account = await repo.findAccount(trx, userId);
  if (!account) return;
  await queueStaffEmail(trx, { to: account.email, ...renderSecondFactorEmail(account, change) }, now);
}

// ---- The account's own second factor.

export async function confirmPassword(db: Db, userId: string, password: string): Promise<void> {
  const account = await repo.findAccount(db, userId);
  if (!(await verifyPassword(account?.password_hash, password))) throw badRequest(SECOND_FACTOR.wrongPassword);
}

/** Whether the account has an app in use (not merely a setup waiting for its first code). */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  return Boolean((await repo.findSecondFactor(db, userId))?.secret_enc);
}

async function isRequired(db: Db): Promise<boolean> {
  return getSetting(db, 'requireSecondFactor');
}

export async function status(ctx: AppContext, userId: string): Promise<SecondFactorStatus> {
  const row = await repo.findSecondFactor(ctx.db, userId);
  const enabled = Boolean(row?.secret_enc);
  return {
    enabled,
    required: await isRequired(ctx.db),
    enabledAt: enabled ? (row?.enabled_at ?? null) : null,
    recoveryCodesLeft: enabled ? await repo.countRecoveryCodesLeft(ctx.db, userId) : 0,
  };
}

/** A new secret, pending until confirmed with a code from it. Shown this once; never again after enrolment. */
export async function startSetup(
  ctx: AppContext,
  staffAccount: { id: string; email: string },
  now = new Date(),
): Promise<SecondFactorSetup> {
  const secret = new Secret({ size: 20 }).base32;
  await repo.savePendingSecret(ctx.db, staffAccount.id, encryptSecret(ctx.secret, staffAccount.id, secret), now);
  const otpauthUri = totpFor(secret, staffAccount.email).toString();
  const QRCode = (await import('qrcode')).default;
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Turns the pending secret on with its first code; any earlier app and recovery codes are replaced. */
export async function confirmSetup(ctx: AppContext, userId: string, code: string, now = new Date()): Promise<string[] | null> {
  const row = await repo.findSecondFactor(ctx.db, userId);
  if (!row?.pending_secret_enc) throw badRequest(SECOND_FACTOR.noSetupStarted);
  const step = matchingStep(decryptSecret(ctx.secret, userId, row.pending_secret_enc), code, now);
  if (step === null) return null;
  const { codes, hashes } = newRecoveryCodes();
  const replaced = Boolean(row.secret_enc);
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.promotePendingSecret(trx, userId, row.pending_secret_enc!, step, now))) return false;
    await repo.replaceRecoveryCodes(trx, userId, hashes, now);
    await recordAudit(trx, {
      actorUserId: userId,
      action: AUDIT_ACTIONS.staffAccount.secondFactorEnabled,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: userId,
      details: { replaced },
    });
    await tellHolder(trx, userId, replaced ? 'device-replaced' : 'enabled', now);
    return true;
  });
  // Another setup replaced the pending secret between the read and the write.
  if (!done) throw badRequest(SECOND_FACTOR.noSetupStarted);
  ctx.outbox.kick();
  return codes;
}

const LOCK_AT = LIMITS.secondFactorLock.wrongCodesInARow;

/** `locked`: this code or earlier ones made the wrong codes in a row reach the cap, so no code from the app works. */
export type CodeCheck = 'ok' | 'wrong' | 'locked';

/**
 * A current code from the app in use, never one already accepted (the same or an older step).
 * A wrong one counts towards the cap on wrong codes in a row (ADR 0039), across challenges,
 * sessions and windows, so patient guessing within the rate limits ends too; a right one below
 * the cap starts the count again.
 */
export async function checkCode(ctx: AppContext, userId: string, code: string, now = new Date()): Promise<CodeCheck> {
  const row = await repo.findSecondFactor(ctx.db, userId);
  if (!row?.secret_enc) return 'wrong';
  if (row.wrong_codes >= LOCK_AT) return 'locked';
  const step = matchingStep(decryptSecret(ctx.secret, userId, row.secret_enc), code, now);
  if (step !== null && (await repo.acceptStep(ctx.db, userId, step, LOCK_AT))) return 'ok';
  return (await countWrongCode(ctx, userId, now)) ? 'locked' : 'wrong';
}

/** Counts a wrong code; the one that reaches the cap is audited and emailed to the holder, once. Answers whether codes are now locked. */
async function countWrongCode(ctx: AppContext, userId: string, now: Date): Promise<boolean> {
  const count = await ctx.db.transaction().execute(async (trx) => {
    const count = await repo.countWrongCode(trx, userId);
    // Only the code that reaches the cap: one racing it sees a higher count.
    if (count === LOCK_AT) {
      await recordAudit(trx, {
        actorUserId: null,
        action: AUDIT_ACTIONS.staffAccount.secondFactorLocked,
        entity: AUDIT_ENTITIES.staffAccount,
        entityId: userId,
        details: { wrongCodes: count },
      });
      await tellHolder(trx, userId, 'codes-locked', now);
    }
    return count;
  });
  if (count === LOCK_AT) ctx.outbox.kick();
  return count >= LOCK_AT;
}

/** A recovery code, once; one that works also unlocks codes from the app (it proves the holder). */
export async function useRecoveryCode(ctx: AppContext, userId: string, normalised: string, now = new Date()): Promise<boolean> {
  const row = await repo.findSecondFactor(ctx.db, userId);
  if (!row?.secret_enc) return false;
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeRecoveryCode(trx, userId, hashRecoveryCode(normalised), now))) return false;
    await repo.clearWrongCodes(trx, userId);
    return true;
  });
}

/** Records a wrong code against the account it was given for; `details` say how it was given. */
export async function auditWrongCode(db: Db, userId: string, details: Record<string, unknown>): Promise<void> {
  await recordAudit(db, {
    actorUserId: userId,
    action: AUDIT_ACTIONS.staffAccount.secondFactorFailed,
    entity: AUDIT_ENTITIES.staffAccount,
    entityId: userId,
    details,
  });
}

/** Password and a current code, for turning it off and for new recovery codes. A wrong one is audited. */
async function confirmPasswordAndCode(ctx: AppContext, staffAccount: { _id: string }, input: SecondFactorConfirmInput) {
  await confirmPassword(ctx.db, staffAccount._id, input.password);
  const enabled = await repo.findSecondFactor(ctx.db, staffAccount._id);
  if (!enabled?.secret_enc) throw conflict(SECOND_FACTOR.notEnabled);
  const check = await checkCode(ctx, staffAccount._id, input.code as string);
  if (check === 'ok') return;
  await auditWrongCode(ctx.db, staffAccount._id, { method: 'totp' });
  if (check === 'locked') throw new HttpError(403, SECOND_FACTOR.codesLocked);
  throw badRequest(SECOND_FACTOR.invalidCode);
}

export async function disable(ctx: AppContext, staffAccount: { _id: string }, input: SecondFactorConfirmInput): Promise<void> {
  if (await isRequired(ctx.db)) throw conflict(SECOND_FACTOR.requiredCannotDisable);
  await confirmPasswordAndCode(ctx, staffAccount, input);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteSecondFactor(trx, staffAccount._id);
    await recordAudit(trx, {
      actorUserId: staffAccount._id,
      action: AUDIT_ACTIONS.staffAccount.secondFactorDisabled,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: staffAccount._id,
    });
    await tellHolder(trx, staffAccount._id, 'disabled');
  });
  ctx.outbox.kick();
}

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  staffAccount: { _id: string },
  input: SecondFactorConfirmInput,
  now = new Date(),
): Promise<string[]> {
  await confirmPasswordAndCode(ctx, staffAccount, input);
  const { codes, hashes } = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceRecoveryCodes(trx, staffAccount._id, hashes, now);
    await recordAudit(trx, {
      actorUserId: staffAccount._id,
      action: AUDIT_ACTIONS.staffAccount.recoveryCodesReplaced,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: staffAccount._id,
    });
    await tellHolder(trx, staffAccount._id, 'recovery-codes-replaced', now);
  });
  ctx.outbox.kick();
  return codes;
}

/**
 * For an operator whose staff member lost the device (npm run admin -- reset-second-factor): the
 * app and codes go, and with them everything the account's sign-ins had open (its sessions, reset
 * links and challenges). The holder is emailed; a running server sends it at its next look at the outbox.
 */
export async function resetSecondFactor(db: Db, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await repo.deleteSecondFactor(trx, userId);
    if (removed) {
      await recordAudit(trx, {
        actorUserId: null,
        action: AUDIT_ACTIONS.staffAccount.secondFactorReset,
        entity: AUDIT_ENTITIES.staffAccount,
        entityId: userId,
      });
      await tellHolder(trx, userId, 'reset');
    }
    await endCredentialGrants(trx, userId, ['second-factor-reset']);
    return removed;
  });
}

// ---- Between the password and the code.

/** Which second step, if any, the account owes after a correct password. */
export async function secondStepFor(db: Db, userId: string): Promise<'totp' | 'enrol' | null> {
  const row = await repo.findSecondFactor(db, userId);
  if (row?.secret_enc) return 'totp';
  return (await isRequired(db)) ? 'enrol' : null;
}

/** A random token whose hash is stored: unguessable, bound to the account and the kind of step, used once. */
export async function issueChallenge(db: Db, userId: string, kind: 'totp' | 'enrol', now = new Date()): Promise<string> {
  const token = newSecretToken();
  await repo.insertChallenge(db, {
    tokenHash: sha256(token),
    userId,
    kind,
    now,
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return token;
}

export interface OpenChallenge {
  id: string;
  userId: string;
  kind: 'totp' | 'enrol';
}

/** The challenge behind a token, if it can still be answered; otherwise the one "sign in again" answer. */
export async function openChallenge(db: Db, token: string, now = new Date()): Promise<OpenChallenge> {
  const row = await repo.findOpenChallenge(db, sha256(token), now);
  if (!row) throw new HttpError(401, SECOND_FACTOR.challengeEnded);
  return { id: row.id, userId: row.user_id, kind: row.kind };
}

/** The account a challenge is for: what the second step signs in with; gone, the challenge has ended. */
export async function challengeAccount(db: Db, challenge: OpenChallenge) {
  const account = await repo.findAccount(db, challenge.userId);
  if (!account) throw new HttpError(401, SECOND_FACTOR.challengeEnded);
  return account;
}

/** Counts a wrong code against the challenge (ending it at the limit) and audits it. */
export async function wrongCode(db: Db, challenge: OpenChallenge, method: 'totp' | 'recovery', now = new Date()): Promise<void> {
  const open = await repo.recordWrongAttempt(db, challenge.id, LIMITS.secondStep.wrongCodesPerChallenge, now);
  await auditWrongCode(db, challenge.userId, { method, challengeEnded: !open });
  if (!open) throw new HttpError(401, SECOND_FACTOR.challengeEnded);
}

export async function useChallenge(db: Db, challenge: OpenChallenge, now = new Date()): Promise<void> {
  if (!(await repo.useChallenge(db, challenge.id, now))) throw new HttpError(401, SECOND_FACTOR.challengeEnded);
}
