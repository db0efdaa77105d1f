import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_ACTIONS, type AuditAction } from '@visa/shared/audit-actions';
import { BRAND_NAME } from '@visa/shared/constants';
import {
  type MessageSettings,
  type PhoneChannel,
  STATUS_WORDS,
  type TemplateValues,
  messageLanguage,
  renderTemplate,
} from '@visa/shared/text-messages';
import type { Db } from '../../db/connection.js';
import { statusCheckUrl } from '../applicant-file/verification.js';
import { APPLICATION_AUDIT_ENTITY } from '../applications/mapping.js';
import { findApplicationFields } from '../applications/repository.js';
import { recordAudit } from '../audit/repository.js';
import { oneLine } from '../notifications/templates.js';
import { type OutboxRetryOptions, backoffMs } from '../notifications/worker.js';
import { getSetting } from '../settings/repository.js';
import type { OutgoingMessage } from '../../infra/text-providers/call.js';
import type { Providers } from '../../infra/text-providers/providers.js';
import { maskNumber } from '../../infra/text-providers/call.js';
import { composeLinkMessage, linkQuietUntil } from './links.js';
import { quietUntil } from './quiet-hours.js';
import { isNews } from './settling.js';
import { type MessageOutboxRow, claimDueMessages, countSentSince, finishMessage, getConsent, lastSentStatus } from './repository.js';

export interface MessageDeliveryOptions extends OutboxRetryOptions {
  db: Db;
  providers: Providers;
  log: FastifyBaseLogger;
  timeZone: string;
  publicUrl: string;
}

/** A provider that echoes what it refused must not put a link's token into the history or the row. */
function redacted<T extends { ok: boolean; error?: string }>(outcome: T, secret: string | null | undefined): T {
  if (outcome.ok || !secret || !outcome.error) return outcome;
  // Also a link the provider's words cut short or encoded: whatever follows the page's `#` goes.
  const error = outcome.error.replaceAll(secret, '•••').replace(/documents(#|%23)[\w-]*/gi, 'documents#•••');
  return { ...outcome, error };
}

export interface MessageRunSummary {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
  deferred: number;
  /** The run stopped at its bound with full batches: more are due now, and the next run should come at once. */
  more: boolean;
}

/** Batches one run takes at most, so the email outbox's turn is never long in coming. */
const BATCHES_PER_RUN = 10;

const DEFAULTS = { batchSize: 20, leaseMs: 2 * 60_000, maxAttempts: 8, backoffBaseMs: 60_000, backoffMaxMs: 60 * 60_000, jitter: 0.2 };
const DAY_MS = 24 * 60 * 60_000;

/** What a message may say about the applicant: the first name and the status, nothing else of theirs. */
export function messageValues(
  m: { givenName: string; status: keyof typeof STATUS_WORDS; language: 'en' | 'bn' },
  office: { phone: string; publicUrl: string },
): TemplateValues {
  return {
    firstName: oneLine(m.givenName).split(' ')[0] ?? '',
    status: STATUS_WORDS[m.status][m.language],
    officeName: BRAND_NAME[m.language],
    officePhone: office.phone,
    statusLink: statusCheckUrl(office.publicUrl),
  };
}

/** The text (SMS) or the template and its parameters (WhatsApp) for one applicant and status. */
export function composeMessage(
  settings: MessageSettings,
  channel: PhoneChannel,
  to: string,
  values: TemplateValues,
  status: keyof typeof STATUS_WORDS,
): OutgoingMessage {
  const language = messageLanguage(settings.language, to);
  if (channel === 'sms') return { to, text: renderTemplate(settings.sms[status][language], values) };
  const template = settings.whatsapp[status];
  return {
    to,
    text: '',
    template: { name: template.name, language: template.language[language], parameters: template.parameters.map((p) => values[p]) },
  };
}

/**
 * Delivers due status messages (ADR 0044); the email outbox's worker calls it on each run, so
 * both outboxes share one timer and one "kick". Each claimed message is checked again at send
 * time: the applicant's consent and the office's channel still on, outside quiet hours, a status
 * that differs from the one last reported, and under the daily limits. Every outcome goes into the
 * application's history, with the number masked.
 */
export function createMessageDelivery(options: MessageDeliveryOptions) {
  const o = { ...DEFAULTS, ...options };
  const { db, providers, log } = o;

  const audit = (row: MessageOutboxRow, action: AuditAction, details: Record<string, unknown>) =>
    recordAudit(db, {
      actorUserId: null,
      action,
      entity: APPLICATION_AUDIT_ENTITY,
      entityId: row.application_id,
      details: { messageId: row.id, channel: row.channel, ...details },
    });

  async function give(row: MessageOutboxRow, status: 'skipped' | 'limited', reason: string, summary: MessageRunSummary) {
    await finishMessage(db, row.id, { status, error: reason });
    await audit(row, status === 'skipped' ? AUDIT_ACTIONS.message.skipped : AUDIT_ACTIONS.message.limited, { reason });
    summary.skipped += 1;
  }

  async function deliver(row: MessageOutboxRow, now: Date, summary: MessageRunSummary) {
    const settings = await getSetting(db, 'messages');
    const channel = row.channel;
    const provider = providers[channel];
    const application = await findApplicationFields(db, row.application_id, ['givenN', 'phone', 'isStatus']);
    if (!application) return finishMessage(db, row.id, { status: 'skipped', error: 'application deleted' });
    if (!(await getConsent(db, row.application_id)).includes(channel)) return give(row, 'skipped', 'no consent', summary);
    if (!provider || !settings.channels[channel]) return give(row, 'skipped', 'channel off', summary);
    // A link is not a status (ADR 0055): it neither settles nor waits out the office's quiet hours.
    if (row.kind === 'documents' && (!row.secret || !row.due_date)) return give(row, 'skipped', 'link missing', summary);
    const link = row.kind === 'documents' && row.secret && row.due_date ? { token: row.secret, dueDate: row.due_date } : null;
    const quiet = link ? linkQuietUntil(now, o.timeZone) : quietUntil(now, o.timeZone, settings.quietHours);
    if (quiet) {
      await finishMessage(db, row.id, { status: 'queued', error: null, nextAttemptAt: quiet, attemptCounts: false });
      await audit(row, AUDIT_ACTIONS.message.deferred, { until: quiet.toISOString() });
      summary.deferred += 1;
      return;
    }
    const status = application.isStatus;
    const baseline = (await lastSentStatus(db, row.application_id, channel)) ?? row.from_status;
    if (!link && !isNews(status, baseline)) return give(row, 'skipped', 'status unchanged', summary);
    const since = new Date(now.getTime() - DAY_MS);
    if ((await countSentSince(db, { applicationId: row.application_id }, since)) >= settings.limits.perApplicationPerDay) {
      return give(row, 'limited', 'daily limit for the application', summary);
    }
    if ((await countSentSince(db, { toNumber: application.phone }, since)) >= settings.limits.perNumberPerDay) {
      return give(row, 'limited', 'daily limit for the number', summary);
    }

    const office = await getSetting(db, 'officeContact');
    const language = messageLanguage(settings.language, application.phone);
    const values = messageValues({ givenName: application.givenN, status, language }, { phone: office.phone, publicUrl: o.publicUrl });
    const message = link
      ? composeLinkMessage(settings, channel, application.phone, { givenName: application.givenN, ...link, publicUrl: o.publicUrl })
      : composeMessage(settings, channel, application.phone, values, status);
    const outcome = redacted(await provider.send(message), link?.token);
    const masked = maskNumber(application.phone);
    if (outcome.ok) {
      await finishMessage(db, row.id, {
        status: 'sent',
        toNumber: application.phone,
        sentStatus: status,
        providerId: outcome.providerId,
        providerStatus: outcome.providerStatus,
        at: now,
      });
      await audit(row, AUDIT_ACTIONS.message.sent, {
        provider: provider.kind,
        providerId: outcome.providerId,
        providerStatus: outcome.providerStatus,
        ...(link ? { kind: 'documents' } : { status }),
        language,
        to: masked,
        attempts: row.attempts,
      });
      summary.sent += 1;
      return;
    }
    if (outcome.permanent || row.attempts >= o.maxAttempts) {
      await finishMessage(db, row.id, { status: 'failed', error: outcome.error });
      await audit(row, AUDIT_ACTIONS.message.failed, { provider: provider.kind, error: outcome.error, to: masked, attempts: row.attempts });
      summary.failed += 1;
      log.warn({ messageId: row.id, channel, attempts: row.attempts }, 'status message refused or given up');
      return;
    }
    const next = new Date(now.getTime() + backoffMs(row.attempts, o.backoffBaseMs, o.backoffMaxMs, o.jitter));
    await finishMessage(db, row.id, { status: 'queued', error: outcome.error, nextAttemptAt: next, attemptCounts: true });
    await audit(row, AUDIT_ACTIONS.message.retry, {
      provider: provider.kind,
      error: outcome.error,
      to: masked,
      attempts: row.attempts,
      retryAt: next.toISOString(),
    });
    summary.retried += 1;
  }

  return {
    async run(now: Date): Promise<MessageRunSummary> {
      const summary: MessageRunSummary = { sent: 0, retried: 0, failed: 0, skipped: 0, deferred: 0, more: false };
      // Batch after batch while they come full: a burst of changes drains at the pace of sending, not of polling.
      for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
        const claimed = await claimDueMessages(db, now, o.batchSize, o.leaseMs);
        for (const row of claimed) await deliver(row, now, summary);
        // Fewer than asked for: none is left due now, or another process holds the rest.
        if (claimed.length < o.batchSize) return summary;
      }
      summary.more = true;
      return summary;
    },
  };
}
