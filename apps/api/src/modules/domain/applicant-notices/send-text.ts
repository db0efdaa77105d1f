import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditAction } from '@visa/shared/audit-actions';
import { noticeLanguage } from '@visa/shared/notices';
import type { ReminderTask } from '@visa/shared/reminder-texts';
import type { Db } from '../../../db/connection.js';
import { maskNumber } from '../../../infra/text-providers/call.js';
import type { Providers } from '../../../infra/text-providers/providers.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { findApplicant } from './channel-agreements-repository.js';
import { refusal } from './decide.js';
import { type OutboxRow, finish } from './outbox-repository.js';
import { countSentSince, lastSentStatus } from './outbox-status-repository.js';
import { findReminderLetter } from './reminders-repository.js';
import {
  composeDocumentRequestNotice,
  composePayLinkNotice,
  composeReceiptNotice,
  composeReminderNotice,
  composeStatusNotice,
  statusNoticeValues,
} from './texts.js';
import { isNews, linkQuietUntil, quietUntil } from './timing.js';
import type { Outcome, RetryPolicy } from './retry.js';

/**
 * Sends one claimed text message (ADR 0044, ADR 0055). It is decided again at send time, as when
 * it was queued (decide.ts), and then: outside quiet hours, a status that differs from the one
 * last reported, under the daily limits. The words are written now, from the office's templates
 * and the applicant's first name. Every outcome goes into the application's history, the number
 * masked.
 */

export interface TextDeps {
  db: Db;
  providers: Providers;
  timeZone: string;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60_000;

/** A provider that echoes what it refused must not put a link's token (or a receipt's check code) into the history or the row. */
function redacted<T extends { ok: boolean; error?: string }>(outcome: T, secret: string | null | undefined): T {
  if (outcome.ok || !secret || !outcome.error) return outcome;
  // Also a link the provider's words cut short or encoded: whatever follows the page's `#` goes.
  const error = outcome.error.replaceAll(secret, '•••').replace(/(documents|pay|receipt)(#|%23)[\w-]*/gi, '$1#•••');
  return { ...outcome, error };
}

/** What a receipt's text names (ADR 0093), as it was queued; null when any of it is missing. */
function receiptOf(row: OutboxRow) {
  if (row.kind !== 'receipt' || !row.secret || !row.receipt_number || row.amount_minor === null || !row.issued_on) return null;
  return { number: row.receipt_number, amountMinor: Number(row.amount_minor), issuedOn: row.issued_on, verifyCode: row.secret };
}

export async function sendText(deps: TextDeps, row: OutboxRow, now: Date, retry: RetryPolicy): Promise<Outcome> {
  const { db, providers } = deps;
  const channel = row.channel as 'sms' | 'whatsapp';
  const audit = (action: AuditAction, details: Record<string, unknown>) =>
    recordAudit(db, {
      actorUserId: null,
      action,
      entity: AUDIT_ENTITIES.application,
      entityId: row.application_id,
      details: { messageId: row.id, channel, ...details },
    });
  const give = async (status: 'skipped' | 'limited', reason: string): Promise<Outcome> => {
    await finish(db, row.id, { status, error: reason });
    await audit(status === 'skipped' ? AUDIT_ACTIONS.textMessage.skipped : AUDIT_ACTIONS.textMessage.limited, { reason });
    return 'skipped';
  };

  const applicant = row.application_id ? await findApplicant(db, row.application_id) : undefined;
  if (!applicant) {
    await finish(db, row.id, { status: 'skipped', error: 'application deleted' });
    return 'skipped';
  }
  const settings = await getSetting(db, 'messages');
  const provider = providers[channel];
  const on = { office: settings.channels, providers: { sms: providers.sms !== null, whatsapp: providers.whatsapp !== null } };
  const refused = refusal(applicant, channel, on);
  if (refused) return give('skipped', refused);
  if (!provider) return give('skipped', 'channel off');
  // A link is not a status (ADR 0055): it neither settles nor waits out the office's quiet hours.
  if (row.kind === 'documents' && (!row.secret || !row.due_date)) return give('skipped', 'link missing');
  const link = row.kind === 'documents' && row.secret && row.due_date ? { token: row.secret, dueDate: row.due_date } : null;
  // A payment link (ADR 0091) goes as a document request's does: at once, whatever the status.
  if (row.kind === 'pay' && !row.secret) return give('skipped', 'link missing');
  const payToken = row.kind === 'pay' ? row.secret : null;
  // So does a receipt (ADR 0093): what it names came with it, and nothing of the payment is read again.
  const receipt = receiptOf(row);
  if (row.kind === 'receipt' && !receipt) return give('skipped', 'receipt missing');
  // A reminder goes only while its letter is open, and names the deadline the letter has now (ADR 0080).
  const reminder = row.kind === 'reminder' && row.reminder_id ? await findReminderLetter(db, row.reminder_id) : null;
  if (row.kind === 'reminder' && (!reminder || reminder.done_on !== null)) return give('skipped', 'letter done');
  const quiet = link || payToken || receipt ? linkQuietUntil(now, deps.timeZone) : quietUntil(now, deps.timeZone, settings.quietHours);
  if (quiet) {
    await finish(db, row.id, { status: 'queued', error: null, nextAttemptAt: quiet, attemptCounts: false });
    await audit(AUDIT_ACTIONS.textMessage.deferred, { until: quiet.toISOString() });
    return 'deferred';
  }
  const status = applicant.status;
  const baseline = (await lastSentStatus(db, applicant.id, channel)) ?? row.from_status ?? status;
  if (!link && !payToken && !receipt && !reminder && !isNews(status, baseline)) return give('skipped', 'status unchanged');
  const since = new Date(now.getTime() - DAY_MS);
  if ((await countSentSince(db, { applicationId: applicant.id }, since)) >= settings.limits.perApplicationPerDay) {
    return give('limited', 'daily limit for the application');
  }
  if ((await countSentSince(db, { toNumber: applicant.phone }, since)) >= settings.limits.perNumberPerDay) {
    return give('limited', 'daily limit for the number');
  }

  const office = await getSetting(db, 'officeContact');
  const to = applicant.phone;
  const language = noticeLanguage(settings.language, to);
  const message = link
    ? composeDocumentRequestNotice(settings, channel, to, { givenName: applicant.givenName, ...link, publicUrl: deps.publicUrl })
    : payToken
      ? composePayLinkNotice(settings, channel, to, { givenName: applicant.givenName, token: payToken, publicUrl: deps.publicUrl })
      : receipt
        ? composeReceiptNotice(settings, channel, to, { givenName: applicant.givenName, ...receipt, publicUrl: deps.publicUrl })
        : reminder
          ? composeReminderNotice(settings, channel, to, {
              givenName: applicant.givenName,
              task: reminder.kind as ReminderTask,
              deadline: reminder.deadline,
              officePhone: office.phone,
            })
          : composeStatusNotice(
              settings,
              channel,
              to,
              statusNoticeValues({ givenName: applicant.givenName, status, language }, { phone: office.phone, publicUrl: deps.publicUrl }),
              status,
            );
  const outcome = redacted(await provider.send(message), link?.token ?? payToken ?? receipt?.verifyCode);
  const masked = maskNumber(to);
  if (outcome.ok) {
    const text = { toNumber: to, sentStatus: status, providerId: outcome.providerId, providerStatus: outcome.providerStatus };
    await finish(db, row.id, { status: 'sent', at: now, text });
    await audit(AUDIT_ACTIONS.textMessage.sent, {
      provider: provider.kind,
      providerId: outcome.providerId,
      providerStatus: outcome.providerStatus,
      ...(link
        ? { kind: 'documents' }
        : payToken
          ? { kind: 'pay' }
          : receipt
            ? { kind: 'receipt', number: receipt.number }
            : reminder
              ? { kind: 'reminder', letter: reminder.kind, daysBefore: reminder.days_before }
              : { status }),
      language,
      to: masked,
      attempts: row.attempts,
    });
    return 'sent';
  }
  if (outcome.permanent || row.attempts >= retry.maxAttempts) {
    await finish(db, row.id, { status: 'failed', error: outcome.error });
    await audit(AUDIT_ACTIONS.textMessage.failed, { provider: provider.kind, error: outcome.error, to: masked, attempts: row.attempts });
    return 'failed';
  }
  const next = new Date(now.getTime() + retry.backoff(row.attempts));
  await finish(db, row.id, { status: 'queued', error: outcome.error, nextAttemptAt: next, attemptCounts: true });
  await audit(AUDIT_ACTIONS.textMessage.retry, {
    provider: provider.kind,
    error: outcome.error,
    to: masked,
    attempts: row.attempts,
    retryAt: next.toISOString(),
  });
  return 'retried';
}
