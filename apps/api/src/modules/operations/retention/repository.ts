import type { Db } from '../../../db/connection.js';
import { erasedMarker } from '../../domain/applications/mapping.js';

/** Every statement the retention rules and the erasure run on the applications and audit tables (ADR 0052). */

export interface RetentionRow {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  updated_at: string;
  pending_date: string | null;
  approve_date: string | null;
  consent_withdrawn_at: string | null;
}

/** Days (YYYY-MM-DD) before which a rule's base date may have expired; null: the rule is off. */
export interface Cutoffs {
  rejected: string | null;
  approved: string | null;
  pending: string | null;
  withdrawn: string;
}

/**
 * Applications not yet erased that some rule may have expired: a superset, read by index-free
 * comparisons of ISO text that hold on both engines; rules.ts decides each one exactly.
 */
export async function listCandidates(db: Db, cutoffs: Cutoffs): Promise<RetentionRow[]> {
  return db
    .selectFrom('applications')
    .select(['id', 'status', 'updated_at', 'pending_date', 'approve_date', 'consent_withdrawn_at'])
    .where('anonymised_at', 'is', null)
    .where((eb) => {
      const rules = [eb.and([eb('consent_withdrawn_at', 'is not', null), eb('consent_withdrawn_at', '<', cutoffs.withdrawn)])];
      if (cutoffs.rejected) rules.push(eb.and([eb('status', '=', 'rejected'), eb('updated_at', '<', cutoffs.rejected)]));
      if (cutoffs.pending) rules.push(eb.and([eb('status', '=', 'pending'), eb('updated_at', '<', cutoffs.pending)]));
      if (cutoffs.approved) {
        const collected = eb.fn.coalesce('pending_date', 'approve_date', 'updated_at');
        rules.push(eb.and([eb('status', '=', 'approved'), eb(collected, '<', cutoffs.approved)]));
      }
      return eb.or(rules);
    })
    .orderBy('id')
    .execute();
}

/** Which of `ids` exist and are not erased yet. */
export async function notYetErased(db: Db, ids: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('applications')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .where('anonymised_at', 'is', null)
      .execute();
    found.push(...rows.map((r) => r.id));
  }
  return found;
}

export async function findForErasure(db: Db, id: string) {
  return db
    .selectFrom('applications')
    .select(['id', 'passport', 'image_key', 'thumb_key', 'anonymised_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What stays of an applicant's field once erased; the unique columns take `erasedMarker`. */
const ERASED = '';

/**
 * Blanks every personal field of the application. Status, dates, job title, visa type and when it
 * was added stay, so the kept counts and charts do not move (their triggers watch only those).
 */
export async function eraseRow(db: Db, id: string, at: string): Promise<void> {
  const unique = erasedMarker(id);
  await db
    .updateTable('applications')
    .set({
      surname: ERASED,
      given_name: ERASED,
      surname_key: ERASED,
      given_name_key: ERASED,
      email: unique,
      phone: ERASED,
      national_id: ERASED,
      dob: ERASED,
      birth_city: ERASED,
      current_nationality: ERASED,
      current_nationality_key: ERASED,
      identification: ERASED,
      company: ERASED,
      duty_duration: ERASED,
      salary: ERASED,
      passport: unique,
      issued_country: ERASED,
      // The IRCC application number names the applicant at IRCC (ADR 0077); the stage stays, as the status does.
      ircc_number: null,
      image_key: null,
      thumb_key: null,
      anonymised_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

export async function documentKeysOf(db: Db, id: string): Promise<string[]> {
  const rows = await db.selectFrom('application_documents').select('storage_key').where('application_id', '=', id).execute();
  return rows.map((r) => r.storage_key);
}

export async function deleteDocumentRows(db: Db, id: string): Promise<void> {
  await db.deleteFrom('application_documents').where('application_id', '=', id).execute();
}

export async function auditEntriesOf(db: Db, id: string) {
  return db.selectFrom('audit_events').select(['id', 'details']).where('entity_id', '=', id).execute();
}

export async function setAuditDetails(db: Db, eventId: string, details: string): Promise<void> {
  await db.updateTable('audit_events').set({ details }).where('id', '=', eventId).execute();
}
