import { CONTACT_TEXTS } from '@visa/shared/notices';
import type { Db } from '../../../db/connection.js';
import { HttpError } from '../../../lib/http-error.js';
import { findApplicant } from './channel-agreements-repository.js';
import { type Withheld, withheld } from './decide.js';

/**
 * The database side of "may we contact this applicant" (ADR 0064): decide.ts's `withheld` asked
 * of the stored application, for the actions that reach the applicant or add to their record.
 */

/** Why the applicant may not be told anything now, if so; null too when there is no such application. */
export async function noticesWithheld(db: Db, applicationId: string): Promise<Withheld | null> {
  const applicant = await findApplicant(db, applicationId);
  return applicant ? withheld(applicant) : null;
}

/** The refusal staff see, by why the applicant is withheld. */
const withheldRefusal = (why: Withheld) => new HttpError(409, why === 'erased' ? CONTACT_TEXTS.erased : CONTACT_TEXTS.consentWithdrawn);

/**
 * Refuses (409, changing nothing) an action that would reach an erased or consent-withdrawn
 * applicant or add to their record. Called before the work starts, and again inside its
 * transaction where the action writes, so an erasure or withdrawal in between is seen.
 */
export async function assertMayContact(db: Db, applicationId: string): Promise<void> {
  const why = await noticesWithheld(db, applicationId);
  if (why) throw withheldRefusal(why);
}
