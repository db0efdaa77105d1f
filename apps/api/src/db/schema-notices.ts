import type { Generated, Selectable } from 'kysely';
import type { ApplicationsTable } from './schema-applications.js';

/** What the app sends and the channels applicants agreed to (ADR 0044, ADR 0060). */

/** Channel agreements: the channels an applicant agreed to, a comma list (ADR 0044); no row means email only. */
export interface ChannelAgreementsTable {
  application_id: string;
  channels: string;
  updated_at: string;
  updated_by: string | null;
}

/**
 * Everything the app sends, waiting, being sent or done (ADR 0060): emails to applicants and staff,
 * and text messages (SMS, WhatsApp) to applicants, one row per message and channel.
 */
export interface OutboxTable {
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
