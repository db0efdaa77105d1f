import type { ApplicationStatus, DocumentLabel } from '@visa/shared/constants';
import { type NotifyChannel, PHONE_CHANNELS } from '@visa/shared/notices';
import type { ReminderTask } from '@visa/shared/reminder-texts';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import type { Db } from '../../../db/connection.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { type Applicant, findApplicant } from './channel-agreements-repository.js';
import { type ChannelsOn, type Withheld, decideChannels, withheld } from './decide.js';
import {
  renderAskAgainEmail,
  renderEmail,
  renderLinkEmail,
  renderPayLinkEmail,
  renderReceiptEmail,
  renderReminderEmail,
} from './emails.js';
import {
  dropWaitingLinks,
  dropWaitingReceipts,
  queueApplicantEmail,
  queueLinkText,
  queuePayLinkText,
  queueReceiptText,
  queueReminderText,
  queueStatusText,
  takeWaitingStatusEmail,
} from './outbox-repository.js';
import { settleChange } from './timing.js';

/**
 * Telling the applicant (ADR 0060). Every event the applicant hears of comes through `notify`,
 * inside the transaction of the change it reports, so a notice exists exactly when its change does:
 * it decides the channels (decide.ts), the timing (timing.ts), writes the email and queues every
 * message in the one outbox. The caller kicks the outbox once its transaction has committed.
 */

export type NoticeEvent =
  | { kind: 'status'; from: ApplicationStatus; to: ApplicationStatus; date: string | null }
  | { kind: 'documents-added'; labels: DocumentLabel[] }
  /** A document request's link (ADR 0046, ADR 0055); any link still waiting for the application is dropped first. */
  | { kind: 'document-request'; token: string; dueDate: string; items: { en: string; bn: string }[] }
  | { kind: 'ask-again'; item: { en: string; bn: string }; reason: string }
  /** A letter's deadline ahead (ADR 0080): what to do by when; the reminder job's claim makes it once. */
  | { kind: 'reminder'; reminderId: string; task: ReminderTask; deadline: string }
  /** A payment link (ADR 0091) and what is due when it is sent; a payment link still waiting is dropped first. */
  | { kind: 'pay-link'; token: string; dueMinor: number }
  /** A payment's receipt (ADR 0088, ADR 0093): its number, amount and date, and the public check's code. */
  | { kind: 'receipt'; number: string; amountMinor: number; issuedOn: string; verifyCode: string };

/** What the notice needs of the app: the public address its links name, the settling time, the providers, the clock. */
export type NoticeContext = Pick<AppContext, 'config' | 'textProviders' | 'now'>;

export interface NoticeOutcome {
  /** The channels a message was queued on, email first. */
  channels: NotifyChannel[];
  /** Why the applicant is told nothing at all, if so. */
  withheld: Withheld | null;
}

const channelsOn = (ctx: NoticeContext, office: ChannelsOn['office']): ChannelsOn => ({
  office,
  providers: { sms: ctx.textProviders.sms !== null, whatsapp: ctx.textProviders.whatsapp !== null },
});

export async function notify(trx: Db, ctx: NoticeContext, applicationId: string, event: NoticeEvent): Promise<NoticeOutcome> {
  const now = clockOf(ctx)();
  // A new link replaces the one still waiting, whoever may be told now.
  if (event.kind === 'document-request') await dropWaitingLinks(trx, applicationId, 'link replaced');
  if (event.kind === 'pay-link') await dropWaitingLinks(trx, applicationId, 'link replaced', 'pay');
  const applicant = await findApplicant(trx, applicationId);
  if (!applicant) return { channels: [], withheld: null };
  const settings = await getSetting(trx, 'messages');
  const on = channelsOn(ctx, settings.channels);
  const channels = decideChannels(applicant, event.kind, on);
  const queued: NotifyChannel[] = [];
  const publicUrl = ctx.config.publicUrl;

  if (event.kind === 'status') {
    if (await queueStatusEmail(trx, applicant, event, channels.includes('email'), { settle: settings.emailSettle, ctx, now })) {
      queued.push('email');
    }
    // Every status text message settles; whether the burst settled back is decided when it is sent,
    // against the status the last message on the channel reported.
    const { dueAt } = settleChange(undefined, { ...event, now, settleMinutes: ctx.config.NOTIFY_SETTLE_MINUTES });
    for (const channel of PHONE_CHANNELS.filter((c) => channels.includes(c))) {
      await queueStatusText(trx, { applicationId, channel, fromStatus: event.from, dueAt, now });
      queued.push(channel);
    }
  } else if (event.kind === 'document-request') {
    if (channels.includes('email')) {
      await queueApplicantEmail(
        trx,
        applicationId,
        { to: applicant.email, ...renderLinkEmail(applicant.givenName, event, publicUrl), secret: event.token },
        now,
      );
      queued.push('email');
    }
    // A link is not a status: it goes at once, neither settled nor held by the office's quiet hours.
    for (const channel of PHONE_CHANNELS.filter((c) => channels.includes(c))) {
      const link = { secret: event.token, dueDate: event.dueDate };
      await queueLinkText(trx, { applicationId, channel, fromStatus: applicant.status, dueAt: now, now, ...link });
      queued.push(channel);
    }
  } else if (event.kind === 'pay-link') {
    if (channels.includes('email')) {
      const content = renderPayLinkEmail(applicant.givenName, event.dueMinor, publicUrl);
      await queueApplicantEmail(trx, applicationId, { to: applicant.email, ...content, secret: event.token }, now);
      queued.push('email');
    }
    // Like a document request's link: at once, neither settled nor held by quiet hours.
    for (const channel of PHONE_CHANNELS.filter((c) => channels.includes(c))) {
      await queuePayLinkText(trx, { applicationId, channel, fromStatus: applicant.status, dueAt: now, now, secret: event.token });
      queued.push(channel);
    }
  } else if (event.kind === 'reminder') {
    if (channels.includes('email')) {
      const content = renderReminderEmail(applicant.givenName, event);
      await queueApplicantEmail(trx, applicationId, { to: applicant.email, ...content, reminderId: event.reminderId }, now);
      queued.push('email');
    }
    // Written when sent, from the letter as it is then; held by the office's quiet hours like a status.
    for (const channel of PHONE_CHANNELS.filter((c) => channels.includes(c))) {
      await queueReminderText(trx, { applicationId, channel, fromStatus: applicant.status, dueAt: now, now, reminderId: event.reminderId });
      queued.push(channel);
    }
  } else if (event.kind === 'receipt') {
    if (channels.includes('email')) {
      await queueApplicantEmail(
        trx,
        applicationId,
        { to: applicant.email, ...renderReceiptEmail(applicant.givenName, event, publicUrl), receiptNumber: event.number },
        now,
      );
      queued.push('email');
    }
    // The answer to a payment just made: at once, like a link, whatever the status (ADR 0093).
    for (const channel of PHONE_CHANNELS.filter((c) => channels.includes(c))) {
      const { number, amountMinor, issuedOn, verifyCode } = event;
      await queueReceiptText(trx, {
        applicationId,
        channel,
        fromStatus: applicant.status,
        dueAt: now,
        now,
        number,
        amountMinor,
        issuedOn,
        verifyCode,
      });
      queued.push(channel);
    }
  } else if (channels.includes('email')) {
    const content =
      event.kind === 'ask-again'
        ? renderAskAgainEmail(applicant.givenName, event)
        : renderEmail(recipientOf(applicant), { kind: 'documents', labels: event.labels }, publicUrl);
    await queueApplicantEmail(trx, applicationId, { to: applicant.email, ...content }, now);
    queued.push('email');
  }
  return { channels: queued, withheld: withheld(applicant) };
}

const recipientOf = (a: Applicant) => ({ reference: a.id, surname: a.surname, givenN: a.givenName });

/**
 * A status change's email (ADR 0054): at once unless the office lets status emails settle; then it
 * replaces the status email still waiting for the application, due after the settling time, and
 * none goes when the status is back where the burst started. The waiting one is taken back even
 * when this change may not be told by email: it reports a status that is no longer news.
 */
async function queueStatusEmail(
  trx: Db,
  applicant: Applicant,
  change: Extract<NoticeEvent, { kind: 'status' }>,
  allowed: boolean,
  o: { settle: boolean; ctx: NoticeContext; now: Date },
): Promise<boolean> {
  let settling: { fromStatus: ApplicationStatus; dueAt: Date } | undefined;
  if (o.settle) {
    const waiting = await takeWaitingStatusEmail(trx, applicant.id);
    const settled = settleChange(waiting ? { fromStatus: waiting } : undefined, {
      ...change,
      now: o.now,
      settleMinutes: o.ctx.config.NOTIFY_SETTLE_MINUTES,
    });
    if (settled.settledBack) return false;
    settling = { fromStatus: settled.fromStatus, dueAt: settled.dueAt };
  }
  if (!allowed) return false;
  const content = renderEmail(recipientOf(applicant), { kind: 'status', status: change.to, date: change.date }, o.ctx.config.publicUrl);
  await queueApplicantEmail(trx, applicant.id, { to: applicant.email, ...content }, o.now, settling);
  return true;
}

/**
 * A reversed payment's receipt is no longer valid (ADR 0105): whatever of it still waits in the
 * outbox (quiet hours, a retry) goes nowhere. One already handed to a provider cannot be called back.
 */
export async function withdrawReceipt(trx: Db, applicationId: string, receiptNumber: string): Promise<number> {
  return dropWaitingReceipts(trx, applicationId, receiptNumber, 'payment reversed');
}
