import type { Selectable } from 'kysely';

/** Document requests and what applicants send through them (ADR 0046, ADR 0047). */

/** A link that asks an applicant for documents (migration 20261126T160000, ADR 0046): its token's hash only. */
export interface DocumentRequestsTable {
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

export interface DocumentRequestItemsTable {
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
export interface DocumentUploadsTable {
  id: string;
  request_id: string;
  item_id: string;
  length: number;
  created_at: string;
  finished_at: string | null;
}

/** When staff were last told that the application's applicant sent files (ADR 0069). */
export interface UploadAlertsTable {
  application_id: string;
  alerted_at: string;
}

export type DocumentRequestRow = Selectable<DocumentRequestsTable>;
export type DocumentRequestItemRow = Selectable<DocumentRequestItemsTable>;
