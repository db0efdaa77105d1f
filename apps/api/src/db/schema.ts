import type * as Money from './schema-money.js';
import type * as Bkash from './schema-bkash.js';
import type * as Staff from './schema-staff.js';
import type * as Applications from './schema-applications.js';
import type * as Notices from './schema-notices.js';
import type * as Documents from './schema-documents.js';
import type * as CaseWork from './schema-case-work.js';
import type * as System from './schema-system.js';

/**
 * The Kysely view of the database (ADR 0001). Timestamps are ISO-8601 UTC strings and
 * calendar dates are YYYY-MM-DD strings on both engines (ADR 0001), booleans are 0/1 integers.
 *
 * Each area types its tables in a schema-<area>.ts file beside this one; every table is listed here,
 * where docs/architecture.md's check reads them.
 */
export interface Database {
  users: Staff.UsersTable;
  sessions: Staff.SessionsTable;
  session_families: Staff.SessionFamiliesTable;
  applications: Applications.ApplicationsTable;
  application_documents: Applications.ApplicationDocumentsTable;
  application_counts: Applications.ApplicationCountsTable;
  slides: System.SlidesTable;
  audit_events: System.AuditEventsTable;
  outbox: Notices.OutboxTable;
  rate_limits: System.RateLimitsTable;
  rate_limit_turns: System.RateLimitTurnsTable;
  job_runs: System.JobRunsTable;
  password_resets: Staff.PasswordResetsTable;
  second_factors: Staff.SecondFactorsTable;
  recovery_codes: Staff.RecoveryCodesTable;
  login_challenges: Staff.LoginChallengesTable;
  app_settings: System.AppSettingsTable;
  import_files: Applications.ImportFilesTable;
  message_consents: Notices.ChannelAgreementsTable;
  document_requests: Documents.DocumentRequestsTable;
  document_request_items: Documents.DocumentRequestItemsTable;
  document_uploads: Documents.DocumentUploadsTable;
  upload_alerts: Documents.UploadAlertsTable;
  privacy_notices: Applications.PrivacyNoticesTable;
  case_letters: CaseWork.CaseLettersTable;
  case_steps: CaseWork.CaseStepsTable;
  case_reminders: CaseWork.CaseRemindersTable;
  passport_handovers: CaseWork.PassportHandoversTable;
  staff_digests: CaseWork.StaffDigestsTable;
  calendar_feeds: CaseWork.CalendarFeedsTable;
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
