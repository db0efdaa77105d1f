import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { Db } from '../../../db/connection.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { maskDigits } from '../../../infra/text-providers/call.js';
import { recordReceipt } from './outbox-status-repository.js';

/**
 * Delivery receipts (ADR 0045): Twilio's status callback and the WhatsApp Cloud API's webhook.
 * Anyone can post to their URLs, so each is believed only with its provider's signature, compared
 * in constant time; the secrets come from the environment.
 */

/** Compares two strings in constant time whatever their lengths: both are hashed first. */
export const sameText = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** Twilio's X-Twilio-Signature: HMAC-SHA1 with the auth token of the URL followed by each parameter name and value, sorted by name. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** WhatsApp's X-Hub-Signature-256: sha256= and the hex HMAC-SHA256 of the raw body with the app secret. */
export const whatsappSignature = (appSecret: string, rawBody: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;

const FINAL_FAILURES = new Set(['failed', 'undelivered']);

async function apply(db: Db, providerId: string, providerStatus: string, error: string | null): Promise<boolean> {
  const failed = FINAL_FAILURES.has(providerStatus);
  const row = await recordReceipt(db, providerId, {
    delivered: providerStatus === 'delivered' || providerStatus === 'read',
    failed,
    providerStatus,
    error,
  });
  if (!row) return false;
  // A deleted application's message has no history left to record it in.
  if (!row.application_id) return true;
  await recordAudit(db, {
    actorUserId: null,
    action: failed ? AUDIT_ACTIONS.textMessage.failed : AUDIT_ACTIONS.textMessage.receipt,
    entity: AUDIT_ENTITIES.application,
    entityId: row.application_id,
    details: { messageId: row.id, channel: row.channel, providerId, providerStatus, ...(error ? { error } : {}) },
  });
  return true;
}

export async function applyTwilioReceipt(db: Db, params: Record<string, string>): Promise<boolean> {
  const sid = params.MessageSid ?? params.SmsSid;
  const status = params.MessageStatus ?? params.SmsStatus;
  if (!sid || !status) return false;
  const error = params.ErrorCode ? `Twilio error ${maskDigits(params.ErrorCode).slice(0, 20)}` : null;
  return apply(db, sid.slice(0, 64), status.slice(0, 30), error);
}

interface WhatsAppStatus {
  id?: unknown;
  status?: unknown;
  errors?: { code?: unknown; title?: unknown }[];
}

/** Every message status in a webhook delivery (entry → changes → value → statuses). */
export async function applyWhatsAppReceipts(db: Db, payload: unknown): Promise<number> {
  let applied = 0;
  const entries = (payload as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return 0;
  for (const entry of entries.slice(0, 50)) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes.slice(0, 50)) {
      const statuses = (change as { value?: { statuses?: unknown } })?.value?.statuses;
      if (!Array.isArray(statuses)) continue;
      for (const s of statuses.slice(0, 100) as WhatsAppStatus[]) {
        if (typeof s?.id !== 'string' || typeof s.status !== 'string') continue;
        const first = Array.isArray(s.errors) ? s.errors[0] : undefined;
        const error = first ? maskDigits(`WhatsApp error ${String(first.code ?? '?')}: ${String(first.title ?? '')}`).slice(0, 300) : null;
        if (await apply(db, s.id.slice(0, 128), s.status.slice(0, 30), error)) applied += 1;
      }
    }
  }
  return applied;
}
