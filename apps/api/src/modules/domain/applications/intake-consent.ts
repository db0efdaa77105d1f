import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { CONSENT_FIELD, PRIVACY_TEXTS } from '@visa/shared/privacy-texts';
import type { Db } from '../../../db/connection.js';
import { HttpError } from '../../../lib/http-error.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { privacyNoticeInForce } from './repository.js';

/**
 * The add form's privacy consent (ADR 0053): a field of the form, checked with the others, against
 * the notice the privacy module publishes. Its version is read by this module's repository rather
 * than asked of that module, which itself reads applications (the data download): the two stay one-way.
 */

const consentFieldError = (message: string) => new HttpError(400, message, [{ path: CONSENT_FIELD, message }]);

/**
 * The consent columns of a new application, from the add form's `privacyConsent` field: the notice
 * version the applicant agreed to. It must be the version in force (the form may have been opened
 * before a new one was published); without it the application is added with consent unknown,
 * unless the office requires consent at intake.
 */
export async function intakeConsent(
  db: Db,
  fields: Record<string, string>,
  actor: Actor,
  now: string,
): Promise<{ consent_version: number | null; consent_recorded_by: string | null; consent_recorded_at: string | null }> {
  const raw = fields[CONSENT_FIELD]?.trim() ?? '';
  if (raw === '' || raw === 'false') {
    if (await getSetting(db, 'privacyConsentRequired')) throw consentFieldError(PRIVACY_TEXTS.consentRequired);
    return { consent_version: null, consent_recorded_by: null, consent_recorded_at: null };
  }
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw consentFieldError(PRIVACY_TEXTS.consentVersionInvalid);
  const current = await privacyNoticeInForce(db);
  if (Number(raw) !== current) {
    throw consentFieldError(current === 0 ? PRIVACY_TEXTS.consentVersionInvalid : PRIVACY_TEXTS.consentVersionChanged(current));
  }
  return { consent_version: current, consent_recorded_by: actor._id, consent_recorded_at: now };
}

/** The history entry of a consent given at intake; called in the add transaction. */
export async function auditIntakeConsent(trx: Db, applicationId: string, actor: Actor, version: number | null): Promise<void> {
  if (version === null) return;
  await recordAudit(trx, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.privacy.consentRecorded,
    entity: AUDIT_ENTITIES.application,
    entityId: applicationId,
    details: { version },
  });
}
