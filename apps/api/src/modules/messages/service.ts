import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import type { ApplicationStatus } from '@visa/shared/constants';
import { type NotifyChannel, PHONE_CHANNELS } from '@visa/shared/text-messages';
import type { Db } from '../../db/connection.js';
import { APPLICATION_AUDIT_ENTITY } from '../applications/mapping.js';
import { recordAudit } from '../audit/repository.js';
import { getSetting } from '../settings/repository.js';
import { takeWaitingStatusEmail } from '../notifications/repository.js';
import { isConsentWithdrawn } from '../privacy/repository.js';
import type { Providers } from '../../infra/text-providers/providers.js';
import { getConsent, scheduleMessage, setConsent } from './repository.js';
import { settleChange } from './settling.js';

/**
 * The channels an applicant agreed to, recorded with who and when in the application's history
 * (ADR 0044). Called inside the add or edit transaction; an unchanged answer records nothing.
 */
export async function recordConsent(
  trx: Db,
  applicationId: string,
  channels: NotifyChannel[],
  actorUserId: string,
  now: Date,
  isNew: boolean,
): Promise<void> {
  const before = isNew ? null : await getConsent(trx, applicationId);
  if (before && before.join(',') === channels.join(',')) return;
  await setConsent(trx, applicationId, channels, actorUserId, now);
  await recordAudit(trx, {
    actorUserId,
    action: AUDIT_ACTIONS.message.consent,
    entity: APPLICATION_AUDIT_ENTITY,
    entityId: applicationId,
    details: { notify: channels, ...(before ? { before } : {}) },
  });
}

/**
 * A status change's messages by SMS and WhatsApp, on each channel the applicant agreed to and the
 * office has on, due once the status has been stable for the settling time. Called in the status
 * change's transaction, so a message exists exactly when its change does.
 */
export async function scheduleStatusMessages(
  trx: Db,
  deps: { providers: Providers; settleMinutes: number; now: Date },
  applicationId: string,
  from: ApplicationStatus,
  to: ApplicationStatus,
): Promise<void> {
  // An applicant who withdrew consent is sent nothing more (ADR 0053).
  if (await isConsentWithdrawn(trx, applicationId)) return;
  const consent = await getConsent(trx, applicationId);
  const settings = await getSetting(trx, 'messages');
  // A waiting message keeps its own status from before the burst; whether the burst settled back is
  // decided at send time, against the status the last message on the channel reported.
  const { dueAt } = settleChange(undefined, { from, to, now: deps.now, settleMinutes: deps.settleMinutes });
  for (const channel of PHONE_CHANNELS) {
    if (!consent.includes(channel) || !settings.channels[channel] || !deps.providers[channel]) continue;
    await scheduleMessage(trx, { applicationId, channel, fromStatus: from, dueAt, now: deps.now });
  }
}

/**
 * When a status change's email goes (ADR 0054): at once ('now') unless the office lets status
 * emails settle; then it replaces the status email still waiting for the application, due after
 * the settling time, and nothing goes (null) when the status is back where the burst started.
 * Called in the status change's transaction.
 */
export async function statusEmailTiming(
  trx: Db,
  deps: { settleMinutes: number; now: Date },
  applicationId: string,
  change: { from: ApplicationStatus; to: ApplicationStatus },
): Promise<'now' | { fromStatus: ApplicationStatus; dueAt: Date } | null> {
  if (!(await getSetting(trx, 'messages')).emailSettle) return 'now';
  const waiting = await takeWaitingStatusEmail(trx, applicationId);
  const settled = settleChange(waiting ? { fromStatus: waiting } : undefined, { ...change, ...deps });
  return settled.settledBack ? null : { fromStatus: settled.fromStatus, dueAt: settled.dueAt };
}
