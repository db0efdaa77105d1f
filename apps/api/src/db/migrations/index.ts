import type { Migration } from 'kysely';
import * as initial from './20261121T120000-initial.js';
import * as slideImageVariants from './20261121T132800-slide-image-variants.js';
import * as jobRuns from './20261123T070000-job-runs.js';
import * as sessionActivity from './20261123T110000-session-activity.js';
import * as secondFactor from './20261123T120000-second-factor.js';
import * as applicationStatusIndex from './20261123T130000-application-status-index.js';
import * as phoneE164 from './20261123T140000-phone-e164.js';
import * as passwordResets from './20261123T150000-password-resets.js';
import * as countryCodes from './20261123T160000-country-codes.js';
import * as applicationCounts from './20261123T170000-application-counts.js';
import * as dayCounts from './20261123T180000-day-counts.js';
import * as importFiles from './20261126T130000-import-files.js';
import * as secondFactorWrongCodes from './20261126T131000-second-factor-wrong-codes.js';
import * as outboxSecret from './20261126T132000-outbox-secret.js';
import * as importClaimsPasswordChange from './20261126T133000-import-claims-password-change.js';
import * as rateLimitTurns from './20261126T134000-rate-limit-turns.js';
import * as textMessages from './20261126T150000-text-messages.js';
import * as documentRequests from './20261126T160000-document-requests.js';
import * as personalData from './20261126T170000-personal-data.js';
import * as emailSettling from './20261126T173000-email-settling.js';
import * as messageLinks from './20261126T173500-message-links.js';
import * as oneOutbox from './20261128T120000-one-outbox.js';
import * as uploadAlerts from './20261128T210000-upload-alerts.js';
import * as caseStages from './20261129T010000-case-stages.js';
import * as caseReminders from './20261129T020000-case-reminders.js';
import * as staffDigestsCalendar from './20261129T021000-staff-digests-calendar.js';
import * as passportCustody from './20261129T022000-passport-custody.js';
import * as ledger from './20261130T000000-ledger.js';
import * as refundClaims from './20261130T010000-refund-claims.js';
import * as bkash from './20261130T040000-bkash.js';
import * as moneyReports from './20261130T060000-money-reports.js';
import * as openLettersByApplication from './20261130T070000-open-letters-by-application.js';
import * as receiptTexts from './20261201T010000-receipt-texts.js';
import * as openAttemptsAndRefundsInDoubt from './20261201T020000-open-attempts-and-refunds-in-doubt.js';

/** Every migration, by timestamped name. Append only: released migrations are frozen. */
export const migrations: Record<string, Migration> = {
  '20261121T120000-initial': initial,
  '20261121T132800-slide-image-variants': slideImageVariants,
  '20261123T070000-job-runs': jobRuns,
  '20261123T110000-session-activity': sessionActivity,
  '20261123T120000-second-factor': secondFactor,
  '20261123T130000-application-status-index': applicationStatusIndex,
  '20261123T140000-phone-e164': phoneE164,
  '20261123T150000-password-resets': passwordResets,
  '20261123T160000-country-codes': countryCodes,
  '20261123T170000-application-counts': applicationCounts,
  '20261123T180000-day-counts': dayCounts,
  '20261126T130000-import-files': importFiles,
  '20261126T131000-second-factor-wrong-codes': secondFactorWrongCodes,
  '20261126T132000-outbox-secret': outboxSecret,
  '20261126T133000-import-claims-password-change': importClaimsPasswordChange,
  '20261126T134000-rate-limit-turns': rateLimitTurns,
  '20261126T150000-text-messages': textMessages,
  '20261126T160000-document-requests': documentRequests,
  '20261126T170000-personal-data': personalData,
  '20261126T173000-email-settling': emailSettling,
  '20261126T173500-message-links': messageLinks,
  '20261128T120000-one-outbox': oneOutbox,
  '20261128T210000-upload-alerts': uploadAlerts,
  '20261129T010000-case-stages': caseStages,
  '20261129T020000-case-reminders': caseReminders,
  '20261129T021000-staff-digests-calendar': staffDigestsCalendar,
  '20261129T022000-passport-custody': passportCustody,
  '20261130T000000-ledger': ledger,
  '20261130T010000-refund-claims': refundClaims,
  '20261130T040000-bkash': bkash,
  '20261130T060000-money-reports': moneyReports,
  '20261130T070000-open-letters-by-application': openLettersByApplication,
  '20261201T010000-receipt-texts': receiptTexts,
  '20261201T020000-open-attempts-and-refunds-in-doubt': openAttemptsAndRefundsInDoubt,
};
