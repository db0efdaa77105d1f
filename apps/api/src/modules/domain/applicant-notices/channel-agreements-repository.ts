import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { ApplicationStatus } from '@visa/shared/constants';
import { DEFAULT_NOTIFY, NOTIFY_CHANNELS, type NotifyChannel } from '@visa/shared/notices';
import type { Db } from '../../../db/connection.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { withheld } from './decide.js';

/**
 * Channel agreements: the channels each applicant agreed to be told on (ADR 0044), `notify` on the
 * add and edit forms, kept in the table message_consents. Not the privacy consent (module privacy).
 * This module alone reads them, with the rest of what decides whether the applicant may be told
 * (decide.ts).
 */

const toChannels = (stored: string | undefined): NotifyChannel[] => {
  if (stored === undefined) return [...DEFAULT_NOTIFY];
  const listed = stored.split(',');
  return NOTIFY_CHANNELS.filter((c) => listed.includes(c));
};

/** The channels an application agreed to as recorded; one without a row agreed to email only. */
async function storedChannels(db: Db, applicationId: string): Promise<NotifyChannel[]> {
  const row = await db.selectFrom('message_consents').select('channels').where('application_id', '=', applicationId).executeTakeFirst();
  return toChannels(row?.channels);
}

/**
 * The record's `notify`: the channels the applicant may be told on. None for an applicant who may
 * not be contacted at all (decide.ts): an erased one has no agreement row left, and the default
 * meant for older applications must not stand in for it (ADR 0064).
 */
export async function agreedChannels(db: Db, applicationId: string): Promise<NotifyChannel[]> {
  const applicant = await findApplicant(db, applicationId);
  if (!applicant || withheld(applicant)) return [];
  return applicant.agreed;
}

export async function setAgreedChannels(
  db: Db,
  applicationId: string,
  channels: NotifyChannel[],
  by: string | null,
  now: Date,
): Promise<void> {
  const values = { channels: channels.join(','), updated_at: now.toISOString(), updated_by: by };
  await db
    .insertInto('message_consents')
    .values({ application_id: applicationId, ...values })
    .onConflict((oc) => oc.column('application_id').doUpdateSet(values))
    .execute();
}

/**
 * The channels an applicant agreed to, recorded with who and when in the application's history.
 * Called inside the add or edit transaction; an unchanged answer records nothing.
 */
export async function recordAgreedChannels(
  trx: Db,
  applicationId: string,
  channels: NotifyChannel[],
  actorUserId: string,
  now: Date,
  isNew: boolean,
): Promise<void> {
  const before = isNew ? null : await storedChannels(trx, applicationId);
  if (before && before.join(',') === channels.join(',')) return;
  await setAgreedChannels(trx, applicationId, channels, actorUserId, now);
  await recordAudit(trx, {
    actorUserId,
    action: AUDIT_ACTIONS.channelAgreement.recorded,
    entity: AUDIT_ENTITIES.application,
    entityId: applicationId,
    details: { notify: channels, ...(before ? { before } : {}) },
  });
}

/** The applicant as a notice needs them: how to reach them, whether they may be reached, and what to greet them with. */
export interface Applicant {
  id: string;
  givenName: string;
  surname: string;
  email: string;
  /** E.164. */
  phone: string;
  status: ApplicationStatus;
  agreed: NotifyChannel[];
  /** They withdrew consent to the privacy notice (ADR 0053). */
  withdrawn: boolean;
  /** Their personal data was erased (ADR 0052): what is left names nobody. */
  erased: boolean;
}

/** One read of the application and its channel agreement; undefined when there is no such application. */
export async function findApplicant(db: Db, applicationId: string): Promise<Applicant | undefined> {
  const row = await db
    .selectFrom('applications')
    .leftJoin('message_consents', 'message_consents.application_id', 'applications.id')
    .select([
      'applications.id',
      'applications.given_name',
      'applications.surname',
      'applications.email',
      'applications.phone',
      'applications.status',
      'applications.consent_withdrawn_at',
      'applications.anonymised_at',
      'message_consents.channels',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    givenName: row.given_name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    status: row.status,
    agreed: toChannels(row.channels ?? undefined),
    withdrawn: Boolean(row.consent_withdrawn_at),
    erased: Boolean(row.anonymised_at),
  };
}

/** Whether a number (E.164) is that of an applicant who withdrew consent: a test message must not reach them either. */
export async function isWithdrawnNumber(db: Db, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where('phone', '=', phone)
    .where('consent_withdrawn_at', 'is not', null)
    .where('anonymised_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}
