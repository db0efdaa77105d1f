import type { EnquiryApplication } from '@visa/shared/enquiry';
import type { Db } from '../../db/connection.js';
import type { UrlSigner } from '../../plugins/storage/signed-urls.js';

/** The columns the applicant copy needs, plus the two the service compares. */
const COLUMNS = [
  'id',
  'surname',
  'given_name',
  'sex',
  'dob',
  'current_nationality',
  'passport',
  'issued_country',
  'job_title',
  'company',
  'duty_duration',
  'image_key',
  'status',
  'pending_date',
  'approve_date',
] as const;

export interface EnquiryCandidate {
  id: string;
  dob: string;
  currentNationality: string;
  toCopy(urls: UrlSigner): EnquiryApplication;
}

/**
 * The one application that holds this (already normalised) passport, if any. The passport column
 * is unique, so this is a single index lookup whether or not the passport exists; the other two
 * inputs are compared by the service with the same normalisation on both sides.
 */
export async function findByPassport(db: Db, passport: string): Promise<EnquiryCandidate | undefined> {
  const row = await db.selectFrom('applications').select(COLUMNS).where('passport', '=', passport).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    dob: row.dob,
    currentNationality: row.current_nationality,
    toCopy: (urls) => ({
      surname: row.surname,
      givenN: row.given_name,
      sex: row.sex,
      dob: row.dob,
      currentN: row.current_nationality,
      passport: row.passport,
      issuedCountry: row.issued_country,
      jobTitle: row.job_title,
      company: row.company,
      dutyDuration: row.duty_duration,
      image: row.image_key ? urls.sign(row.image_key) : null,
      isStatus: row.status,
      pending: row.pending_date,
      approve: row.approve_date,
    }),
  };
}
