import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Applications and what hangs off them: documents, counts, imports and the privacy notices they agree to. */

export interface ApplicationsTable {
  id: string;
  surname: string;
  given_name: string;
  /** Lower-cased copies that the prefix search ranges over with an index. */
  surname_key: string;
  given_name_key: string;
  email: string;
  phone: string;
  national_id: string;
  sex: 'Male' | 'Female';
  dob: string;
  birth_city: string;
  current_nationality: string;
  current_nationality_key: string;
  identification: string;
  company: string;
  duty_duration: string;
  job_title: string;
  salary: string;
  passport: string;
  issued_country: string;
  image_key: string | null;
  thumb_key: string | null;
  status: 'pending' | 'approved' | 'rejected';
  pending_date: string | null;
  approve_date: string | null;
  is_admin: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** Work, Visit or Student (migration 20261126T160000, ADR 0046). */
  visa_type: Generated<'Work' | 'Visit' | 'Student'>;
  /** The privacy notice version the applicant agreed to at intake, who recorded it and when (ADR 0052). */
  consent_version: Generated<number | null>;
  consent_recorded_by: Generated<string | null>;
  consent_recorded_at: Generated<string | null>;
  /** When the applicant withdrew consent: messages stop and the erasure clock starts. */
  consent_withdrawn_at: Generated<string | null>;
  /** When the personal fields, photo and documents were removed; the record stays for counts and history. */
  anonymised_at: Generated<string | null>;
  /** Where the case stands beside its status (ADR 0077): a stage key of the office's case settings. */
  stage: Generated<string>;
  /** IRCC's application number once the file is submitted: personal data, erased with the rest. */
  ircc_number: Generated<string | null>;
  /** Where the passport is (ADR 0082): applicant, office, vfs or returned; and its latest handover. */
  passport_holder: Generated<'applicant' | 'office' | 'vfs' | 'returned'>;
  passport_handover_id: Generated<string | null>;
}

export interface ApplicationDocumentsTable {
  id: string;
  application_id: string;
  storage_key: string;
  label: string;
  content_type: string;
  size: number;
  position: number;
  created_at: string;
}

/**
 * Counts of applications per status, job title, UTC hour, UTC day and (kind 'day:<status>') status
 * and UTC day, kept by triggers (migrations 20261123T170000 and 20261123T180000, ADR 0028, ADR 0030).
 */
export interface ApplicationCountsTable {
  kind: 'status' | 'job' | 'hour' | 'day' | `day:${ApplicationsTable['status']}` | 'due';
  key: string;
  n: number;
}

/** A photo or document an import still has to fetch, or has fetched or given up on. */
export interface ImportFilesTable {
  application_id: string;
  field: string;
  url: string;
  state: 'pending' | 'stored' | 'missing';
  reason: string | null;
  attempts: Generated<number>;
  updated_at: string;
  /** The claiming run's random token and when its claim lapses (migration 20261126T133000, ADR 0042). */
  claim: string | null;
  claimed_until: string | null;
}

/** Each published privacy notice, numbered from 1 (ADR 0052). */
export interface PrivacyNoticesTable {
  version: number;
  body_en: string;
  body_bn: string;
  published_at: string;
  published_by: string | null;
}

export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
export type ApplicationUpdateRow = Updateable<ApplicationsTable>;
export type DocumentRow = Selectable<ApplicationDocumentsTable>;
