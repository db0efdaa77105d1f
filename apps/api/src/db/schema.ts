import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type * as Money from './schema-money.js';
import type * as Bkash from './schema-bkash.js';

/**
 * The Kysely view of the database (ADR 0001). Timestamps are ISO-8601 UTC strings and
 * calendar dates are YYYY-MM-DD strings on both engines (ADR 0001), booleans are 0/1 integers.
 */
interface UsersTable {
  id: string;
  name: string;
  email: string;
  role: 'superadmin' | 'admin';
  password_hash: string;
  /** 1 after a sign-in with an earlier app's password that breaks the password rule, until a new one is chosen (migration 20261126T133000). */
  must_change_password: Generated<number>;
  created_at: string;
  updated_at: string;
}

interface SessionsTable {
  id: string;
  user_id: string;
  refresh_hash: string;
  family_id: string;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
  ip: string | null;
  user_agent: string | null;
}

interface ApplicationsTable {
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

interface ApplicationDocumentsTable {
  id: string;
  application_id: string;
  storage_key: string;
  label: string;
  content_type: string;
  size: number;
  position: number;
  created_at: string;
}

/** A photo or document an import still has to fetch, or has fetched or given up on. */
interface ImportFilesTable {
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

interface SlidesTable {
  id: string;
  thumbnail: string;
  title: string;
  image_key: string | null;
  status: 'Published' | 'Unpublished';
  link: string;
  shown_on_navbar: number;
  position: number;
  alt_text: string;
  /** JSON list of the stored variants of the image (migration 20261121T132800). */
  image_variants: string;
  created_at: string;
  updated_at: string;
}

interface AuditEventsTable {
  id: string;
  actor_user_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  at: string;
  details: string;
}

/**
 * Counts of applications per status, job title, UTC hour, UTC day and (kind 'day:<status>') status
 * and UTC day, kept by triggers (migrations 20261123T170000 and 20261123T180000, ADR 0028, ADR 0030).
 */
interface ApplicationCountsTable {
  kind: 'status' | 'job' | 'hour' | 'day' | `day:${ApplicationsTable['status']}` | 'due';
  key: string;
  n: number;
}

interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Whose turn it is on a rate-limit key past its ceiling across addresses (migration 20261126T134000). */
interface RateLimitTurnsTable {
  key: string;
  holder: string;
  expires_at: number;
}

/** Scheduled jobs: which instance claimed the current period, and how the last run went (migration 20261123T070000). */
interface JobRunsTable {
  name: string;
  next_run_at: string;
  holder: string | null;
  started_at: string | null;
  finished_at: string | null;
  outcome: string | null;
  error: string | null;
}

/** "Forgot password?" links: the token's hash only (migration 20261123T150000). */
interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Two-step sign-in (migration 20261123T120000, ADR 0019): secrets are AES-256-GCM ciphertexts, codes SHA-256 hashes. */
interface SecondFactorsTable {
  user_id: string;
  secret_enc: string | null;
  enabled_at: string | null;
  last_step: number | null;
  pending_secret_enc: string | null;
  pending_created_at: string | null;
  updated_at: string;
  /** Wrong authenticator codes in a row (ADR 0039). */
  wrong_codes: Generated<number>;
}

interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

interface LoginChallengesTable {
  id: string;
  token_hash: string;
  user_id: string;
  kind: 'totp' | 'enrol';
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Office-wide settings, a JSON value per key; apps/api/src/modules/kernel/settings/repository.ts types each key. */
interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** One row per session family: its idle and absolute limits are kept here (migration 20261123T110000, ADR 0018). */
interface SessionFamiliesTable {
  family_id: string;
  user_id: string;
  started_at: string;
  last_active_at: string;
  expires_at: string;
  ended_at: string | null;
  /** A SessionEndReason from @visa/shared/session; null while the family lives. */
  end_reason: string | null;
}

/** A link that asks an applicant for documents (migration 20261126T160000, ADR 0046): its token's hash only. */
interface DocumentRequestsTable {
  id: string;
  application_id: string;
  token_hash: string;
  due_date: string;
  /** The due date's end plus the office's grace period. */
  expires_at: string;
  created_by: string | null;
  created_at: string;
  /** When it stopped working before expiring, and why: replaced, revoked or done (every item accepted). */
  ended_at: string | null;
  end_reason: 'replaced' | 'revoked' | 'done' | null;
}

interface DocumentRequestItemsTable {
  id: string;
  request_id: string;
  position: number;
  label_en: string;
  label_bn: string;
  required: number;
  /** JSON list of accepted content types. */
  types: string;
  max_bytes: number;
  state: 'to_send' | 'received' | 'accepted' | 'asked_again';
  reason: string | null;
  storage_key: string | null;
  content_type: string | null;
  size: number | null;
  received_at: string | null;
  updated_at: string;
}

/** One tus upload, tied to the request and item its token opened it for (ADR 0047). */
interface DocumentUploadsTable {
  id: string;
  request_id: string;
  item_id: string;
  length: number;
  created_at: string;
  finished_at: string | null;
}

/** When staff were last told that the application's applicant sent files (ADR 0069). */
interface UploadAlertsTable {
  application_id: string;
  alerted_at: string;
}

/** A letter from IRCC with its deadline (ADR 0077). */
interface CaseLettersTable {
  id: string;
  application_id: string;
  kind: 'biometrics' | 'medical' | 'documents' | 'fairness' | 'passport';
  letter_date: string;
  deadline: string;
  /** What the office's rule gave, kept when an override moved the deadline; null otherwise. */
  rule_deadline: string | null;
  reason: Generated<string>;
  owner_id: string | null;
  /** When the step that answered the letter happened; null while it is open. */
  done_on: string | null;
  created_by: string | null;
  created_at: string;
}

/** A reminder of a letter's deadline, once per letter and number of days before it (ADR 0080). */
interface CaseRemindersTable {
  id: string;
  letter_id: string;
  application_id: string;
  days_before: number;
  /** When it falls due: its day at the reminder hour in the office's zone, or when it was planned if that was later the same day. */
  due_at: string;
  /** waiting; passed (its moment had gone when planned); cancelled (letter done, offset dropped); queued (told); withheld (nobody to tell). */
  state: 'waiting' | 'passed' | 'cancelled' | 'queued' | 'withheld';
  handled_at: string | null;
}

/** One entry of an application's case timeline (ADR 0077). */
interface CaseStepsTable {
  id: string;
  application_id: string;
  kind: string;
  stage: string;
  occurred_on: string;
  letter_id: string | null;
  note: Generated<string>;
  recorded_by: string | null;
  recorded_at: string;
}

/** One handover of an applicant's passport (ADR 0082). */
interface PassportHandoversTable {
  id: string;
  application_id: string;
  from_place: 'applicant' | 'office' | 'vfs';
  to_place: 'applicant' | 'office' | 'vfs';
  occurred_on: string;
  counterpart: string;
  note: string;
  recorded_by: string | null;
  recorded_at: string;
}

/** The day a staff member's digest was queued (ADR 0081): one row per member and office date. */
interface StaffDigestsTable {
  user_id: string;
  day: string;
  queued_at: string;
}

/** A staff member's calendar feed (ADR 0081): only the SHA-256 hash of its token. */
interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  session_families: SessionFamiliesTable;
  applications: ApplicationsTable;
  application_documents: ApplicationDocumentsTable;
  application_counts: ApplicationCountsTable;
  slides: SlidesTable;
  audit_events: AuditEventsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  rate_limit_turns: RateLimitTurnsTable;
  job_runs: JobRunsTable;
  password_resets: PasswordResetsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  app_settings: AppSettingsTable;
  import_files: ImportFilesTable;
  message_consents: ChannelAgreementsTable;
  document_requests: DocumentRequestsTable;
  document_request_items: DocumentRequestItemsTable;
  document_uploads: DocumentUploadsTable;
  upload_alerts: UploadAlertsTable;
  privacy_notices: PrivacyNoticesTable;
  case_letters: CaseLettersTable;
  case_steps: CaseStepsTable;
  case_reminders: CaseRemindersTable;
  passport_handovers: PassportHandoversTable;
  staff_digests: StaffDigestsTable;
  calendar_feeds: CalendarFeedsTable;
  ledger_entries: Money.LedgerEntriesTable;
  application_balances: Money.ApplicationBalancesTable;
  transaction_ids: Money.TransactionIdsTable;
  receipt_counters: Money.ReceiptCountersTable;
  receipts: Money.ReceiptsTable;
  payment_links: Money.PaymentLinksTable;
  gateway_payments: Money.GatewayPaymentsTable;
  refund_claims: Money.RefundClaimsTable;
  gateway_tokens: Bkash.GatewayTokensTable;
  bkash_payments: Bkash.BkashPaymentsTable;
  money_closures: Money.MoneyClosuresTable;
}

export type CaseLetterRow = Selectable<CaseLettersTable>;
export type CaseStepRow = Selectable<CaseStepsTable>;
export type CaseReminderRow = Selectable<CaseRemindersTable>;
export type PassportHandoverRow = Selectable<PassportHandoversTable>;

export type UserRow = Selectable<UsersTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplicationRow = Insertable<ApplicationsTable>;
export type ApplicationUpdateRow = Updateable<ApplicationsTable>;
export type SlideRow = Selectable<SlidesTable>;
export type DocumentRow = Selectable<ApplicationDocumentsTable>;

/** Channel agreements: the channels an applicant agreed to, a comma list (ADR 0044); no row means email only. */
interface ChannelAgreementsTable {
  application_id: string;
  channels: string;
  updated_at: string;
  updated_by: string | null;
}

/**
 * Everything the app sends, waiting, being sent or done (ADR 0060): emails to applicants and staff,
 * and text messages (SMS, WhatsApp) to applicants, one row per message and channel.
 */
interface OutboxTable {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  /** What a text message says, written when it is sent: a status (ADR 0044), a document-request link (ADR 0055), a reminder (ADR 0080), a payment link (ADR 0091) or a receipt (ADR 0093); null for an email. */
  kind: 'status' | 'documents' | 'reminder' | 'pay' | 'receipt' | null;
  /** The application it is about; null for an email to staff, and once the application is deleted. */
  application_id: string | null;
  /** An email's address from the start; a text message's number (E.164) once it is sent, what the per-number limit counts. */
  recipient: string | null;
  /** An email's words, written when it was queued; null for a text message. */
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  /** A secret the message names only by the outbox's placeholder or carries at send time; wiped once it is sent or given up (ADR 0040). */
  secret: string | null;
  /** The application's status before the changes a status message (or a settling status email) reports: if it settles back there, nothing is sent. */
  from_status: ApplicationsTable['status'] | null;
  /** A link's due date, as the text names it. */
  due_date: string | null;
  status: 'queued' | 'sending' | 'sent' | 'delivered' | 'failed' | 'skipped' | 'limited';
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** The status a sent text message reported. */
  sent_status: ApplicationsTable['status'] | null;
  provider_id: string | null;
  provider_status: string | null;
  /** The reminder a message carries (ADR 0080): its letter must still be open when it is sent. */
  reminder_id: string | null;
  /** A receipt's text (ADR 0093): its number, amount in paisa and date of issue, as the text names them; its check code waits in `secret`. */
  receipt_number: string | null;
  amount_minor: number | null;
  issued_on: string | null;
}

export type OutboxRow = Selectable<OutboxTable>;
export type DocumentRequestRow = Selectable<DocumentRequestsTable>;
export type DocumentRequestItemRow = Selectable<DocumentRequestItemsTable>;

/** Each published privacy notice, numbered from 1 (ADR 0052). */
interface PrivacyNoticesTable {
  version: number;
  body_en: string;
  body_bn: string;
  published_at: string;
  published_by: string | null;
}
