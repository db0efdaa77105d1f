import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { DEFAULT_PRIVACY_NOTICE } from '@visa/shared/privacy-notice-view';
import type { PrivacyConsent, PrivacyNotice, PrivacyNoticeInput, PrivacyOverview } from '@visa/shared/privacy';
import { PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, conflict } from '../../../lib/http-error.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { cancelWaitingNotices } from '../applicant-notices/outbox-status-repository.js';
import { endOpenRequests } from '../document-requests/repository.js';
import { saveSetting } from '../../kernel/settings/service.js';
import { getSetting } from '../../kernel/settings/repository.js';
import * as repo from './repository.js';

const notFound = () => new HttpError(404, APPLICANT_FILE_TEXTS.applicationNotFound);

/** Another publisher took the version number first: the primary key refused the second. */
const isTakenVersion = (err: unknown) => /^(23505|SQLITE_CONSTRAINT)/.test(String((err as { code?: unknown })?.code ?? ''));

const nowOf = (ctx: Pick<AppContext, 'now'>) => clockOf(ctx)().toISOString();

export async function privacyOverview(ctx: AppContext): Promise<PrivacyOverview> {
  const [current, consentRequired] = await Promise.all([repo.latestPrivacyNotice(ctx.db), getSetting(ctx.db, 'privacyConsentRequired')]);
  return { current, defaults: { bodyEn: DEFAULT_PRIVACY_NOTICE.en, bodyBn: DEFAULT_PRIVACY_NOTICE.bn }, consentRequired };
}

export const listPrivacyNotices = (ctx: AppContext) => repo.listPrivacyNotices(ctx.db);

/**
 * Publishes the next version: the text is kept as it was published for good, so a consent always
 * names the words the applicant read. Two publishers at once get consecutive versions or, if they
 * collide, the later one is asked to try again.
 */
export async function publishPrivacyNotice(ctx: AppContext, actor: Actor, input: PrivacyNoticeInput): Promise<PrivacyNotice> {
  const publishedAt = nowOf(ctx);
  try {
    const version = await ctx.db.transaction().execute(async (trx) => {
      const next = (await repo.latestVersion(trx)) + 1;
      await repo.insertPrivacyNotice(trx, { version: next, ...input, publishedAt, publishedBy: actor._id });
      await recordAudit(trx, {
        actorUserId: actor._id,
        action: AUDIT_ACTIONS.privacy.noticePublished,
        entity: AUDIT_ENTITIES.privacyNotice,
        entityId: String(next),
        details: { version: next },
      });
      return next;
    });
    const notice = (await repo.listPrivacyNotices(ctx.db)).find((n) => n.version === version);
    return notice!;
  } catch (err) {
    if (isTakenVersion(err)) throw conflict(PRIVACY_TEXTS.publishCollision);
    throw err;
  }
}

/** Turning the requirement on needs a published notice: there must be a version to agree to. */
export async function setPrivacyConsentRequired(ctx: AppContext, actor: Actor, required: boolean): Promise<boolean> {
  if (required && (await repo.latestVersion(ctx.db)) === 0) {
    throw new HttpError(400, PRIVACY_TEXTS.publishFirst, [{ path: 'required', message: PRIVACY_TEXTS.publishFirst }]);
  }
  await saveSetting(ctx.db, 'privacyConsentRequired', required, {
    actorUserId: actor._id,
    entityId: 'privacy',
    details: (before) => ({ fields: before === required ? [] : ['privacyConsentRequired'], required }),
  });
  return required;
}

export async function getPrivacyConsent(ctx: AppContext, applicationId: string): Promise<PrivacyConsent> {
  const consent = await repo.findPrivacyConsent(ctx.db, applicationId);
  if (!consent) throw notFound();
  return consent;
}

/**
 * The applicant withdrew consent: recorded once with who and when, and in the same transaction
 * every email and text message still waiting for them is cancelled and their document link ended.
 * From then on the applicant is
 * told nothing more (applicant-notices decides so from the same column), and the retention job
 * counts from this time.
 */
export async function withdrawPrivacyConsent(ctx: AppContext, actor: Actor, applicationId: string): Promise<PrivacyConsent> {
  const at = nowOf(ctx);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findPrivacyConsent(trx, applicationId))) return 'missing' as const;
    if (!(await repo.markConsentWithdrawn(trx, applicationId, at))) return 'already' as const;
    const cancelled = await cancelWaitingNotices(trx, applicationId);
    // Their document link stops working too (ADR 0064): the page would otherwise ask them for more.
    await endOpenRequests(trx, applicationId, 'revoked', at);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.privacy.consentWithdrawn,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
      details: { cancelledEmails: cancelled.emails, cancelledTexts: cancelled.texts },
    });
    return 'done' as const;
  });
  if (outcome === 'missing') throw notFound();
  if (outcome === 'already') throw conflict(PRIVACY_TEXTS.alreadyWithdrawn);
  return getPrivacyConsent(ctx, applicationId);
}
