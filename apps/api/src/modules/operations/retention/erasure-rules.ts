import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import type { DataDirLayout } from '../../../infra/data-dir.js';
import { forgetNoticesOf } from '../../domain/applicant-notices/outbox-status-repository.js';
import { forgetCaseTextOf } from '../../domain/case-work/repository.js';
import { forgetRequestsOf } from '../../domain/document-requests/repository.js';
import { forgetPayerOf } from '../../domain/ledger/repository.js';
import { forgetEntryTextOf } from '../../domain/money-reports/retention-repository.js';
import { deleteLinksOf } from '../../domain/payments/repository.js';
import { forgetImportFilesOf } from '../import/files-repository.js';
import * as repo from './repository.js';

/**
 * Every place personal data is written, and what erasing one applicant does there (ADR 0064). The
 * erasure (erase.ts) runs the row rules in order inside one transaction; each answers the files
 * its rows named, by kind, and erase.ts removes each kind from its place once the transaction has
 * committed. A test enumerates the database's tables, DATA_DIR's folders and the store's prefixes
 * and fails when one has no entry here.
 */

/** The files an applicant's rows named, by where they are kept. */
export interface Traces {
  /** Keys in the store (DATA_DIR/uploads or the S3 bucket): photo, thumbnail, documents, files received through links. */
  storageKeys: string[];
  /** Uploads under way in DATA_DIR/resumable-uploads (the tus staging folder). */
  stagedUploads: string[];
  /** Emails written as DATA_DIR/outbox/<id>.eml without SMTP_URL. */
  mailFiles: string[];
}

export const noTraces = (): Traces => ({ storageKeys: [], stagedUploads: [], mailFiles: [] });

interface RowRule {
  /** The tables this rule clears of the applicant's personal data. */
  tables: (keyof Database)[];
  erase(trx: Db, id: string, at: string): Promise<Partial<Traces>>;
}

/**
 * Keys of audit details that can hold what an applicant or a member of staff wrote about them: a
 * file's name, a reason, a search term, an address or number. They go from the application's
 * history when it is erased; who did what and when stays.
 */
const PERSONAL_KEYS = new Set(['name', 'filename', 'reason', 'search', 'to', 'email', 'phone', 'passport', 'error', 'answer']);

function stripPersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripPersonal);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (PERSONAL_KEYS.has(k) ? [] : [[k, stripPersonal(v)]])));
  }
  return value;
}

/** In the order they run: the application's own row last, once everything that names it is read. */
export const ROW_RULES: RowRule[] = [
  {
    // Requests and their items keep their labels and states; the received files, uploads and links go.
    tables: ['document_requests', 'document_request_items', 'document_uploads'],
    erase: async (trx, id, at) => {
      const { storageKeys, uploadIds } = await forgetRequestsOf(trx, id, at);
      return { storageKeys, stagedUploads: uploadIds };
    },
  },
  {
    tables: ['application_documents'],
    erase: async (trx, id) => {
      const storageKeys = await repo.documentKeysOf(trx, id);
      await repo.deleteDocumentRows(trx, id);
      return { storageKeys };
    },
  },
  {
    // Every email and text message, sent or waiting, with the channel agreement.
    tables: ['outbox', 'message_consents'],
    erase: async (trx, id) => ({ mailFiles: await forgetNoticesOf(trx, id) }),
  },
  {
    tables: ['import_files'],
    erase: async (trx, id) => {
      await forgetImportFilesOf(trx, id);
      return {};
    },
  },
  {
    // The case keeps its kinds, stages, places and dates; its notes, reasons and handovers' counterparts go (the IRCC number goes with the row).
    tables: ['case_steps', 'case_letters', 'passport_handovers'],
    erase: async (trx, id) => {
      await forgetCaseTextOf(trx, id);
      return {};
    },
  },
  {
    // Money stays on the books for the office's retention of financial records: the receipts lose the
    // payer's name (shown as the erased marker), the entries their free-text words, the payment
    // links go (ADR 0084, 0092). The books themselves go years later (money-reports/retention.ts).
    tables: ['receipts', 'payment_links', 'ledger_entries'],
    erase: async (trx, id) => {
      await forgetPayerOf(trx, id);
      await forgetEntryTextOf(trx, id);
      await deleteLinksOf(trx, id);
      return {};
    },
  },
  {
    tables: ['audit_events'],
    erase: async (trx, id) => {
      for (const event of await repo.auditEntriesOf(trx, id)) {
        let details: unknown;
        try {
          details = JSON.parse(event.details);
        } catch {
          details = {};
        }
        const stripped = JSON.stringify(stripPersonal(details));
        if (stripped !== event.details) await repo.setAuditDetails(trx, event.id, stripped);
      }
      return {};
    },
  },
  {
    tables: ['applications'],
    erase: async (trx, id, at) => {
      const row = await repo.findForErasure(trx, id);
      await repo.eraseRow(trx, id, at);
      return { storageKeys: [row?.image_key, row?.thumb_key].filter((k): k is string => Boolean(k)) };
    },
  },
];

/** Tables that hold nothing of an applicant, and why. */
export const TABLES_WITHOUT_APPLICANTS: Partial<Record<keyof Database, string>> = {
  users: 'staff accounts',
  sessions: 'staff sessions (their client addresses expire, ADR 0052)',
  session_families: 'staff sessions',
  password_resets: 'staff password resets',
  second_factors: 'staff second factors',
  recovery_codes: 'staff recovery codes',
  login_challenges: 'staff sign-in challenges',
  application_counts: 'counts by status and day, no person',
  slides: 'the public slideshow',
  rate_limits: 'keyed hashes of addresses and keys, no value recoverable, dropped with their window',
  rate_limit_turns: 'keyed hashes, dropped with their window',
  job_runs: 'when jobs ran',
  app_settings: 'the office’s settings',
  privacy_notices: 'the office’s published notices',
  upload_alerts: 'when staff were last told of an upload: a time, no person',
  case_reminders: 'when a letter’s reminders fall due and whether they were told: times, no person',
  staff_digests: 'the days a staff member’s digest was queued',
  calendar_feeds: 'hashes of staff calendar feed tokens',
  application_balances: 'what each application owes: an amount',
  transaction_ids: 'wallet and gateway transaction IDs already used, no person',
  receipt_counters: 'the last receipt number of each fiscal year',
  gateway_payments: 'gateway attempts: amounts, states and the gateways’ ids, no person',
  refund_claims:
    'refunds under way or in doubt: a payment’s id, amount, reason and who asked; the reason is left out of the entry once the applicant is erased (ADR 0095)',
  gateway_tokens: 'a gateway’s API tokens, sealed, no person (ADR 0090)',
  bkash_payments: 'bKash’s payment ids and when each was executed, no person',
  money_closures: 'when a deleted application’s money was found without it: an id and a time (ADR 0092)',
};

/** Where each kind of trace is kept, and the rule for every other place under DATA_DIR. */
export const PLACES: Record<keyof DataDirLayout, { traces: keyof Traces | 'rows' } | { kept: string }> = {
  root: { kept: 'the folder itself; each entry is one of the places below' },
  database: { traces: 'rows' },
  secretKey: { kept: 'the key signatures derive from, nothing personal' },
  outbox: { traces: 'mailFiles' },
  uploads: { traces: 'storageKeys' },
  resumableUploads: { traces: 'stagedUploads' },
  backups: { kept: 'copies taken before the erasure, until BACKUP_KEEP prunes them; a restore erases again (restore.ts)' },
  erasures: { kept: 'ids and times only' },
};

/** The store's folders (the local driver's; S3 keys carry the same prefixes), and what each holds. */
export const STORE_FOLDERS: Record<string, { traces: 'storageKeys' } | { kept: string }> = {
  private: { traces: 'storageKeys' },
  public: { kept: 'slide images only' },
  '.tmp': { kept: 'writes a stopped process left half-done: in no backup, removed by the file sweep after an hour' },
};
