import type { PrivacyConsent, PrivacyNotice } from '@visa/shared/privacy';
import type { Db } from '../../../db/connection.js';

const privacyNoticeColumns = [
  'privacy_notices.version',
  'privacy_notices.body_en',
  'privacy_notices.body_bn',
  'privacy_notices.published_at',
  'users.name as publisher',
] as const;

const toPrivacyNotice = (row: {
  version: number;
  body_en: string;
  body_bn: string;
  published_at: string;
  publisher: string | null;
}): PrivacyNotice => ({
  version: Number(row.version),
  bodyEn: row.body_en,
  bodyBn: row.body_bn,
  publishedAt: row.published_at,
  publishedBy: row.publisher,
});

/** The notice in force: the highest version; null until the office publishes one. */
export async function latestPrivacyNotice(db: Db): Promise<PrivacyNotice | null> {
  const row = await db
    .selectFrom('privacy_notices')
    .leftJoin('users', 'users.id', 'privacy_notices.published_by')
    .select(privacyNoticeColumns)
    .orderBy('privacy_notices.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toPrivacyNotice(row) : null;
}

/** The highest version number, or 0: what the public pages are rebuilt by (one index read). */
export async function latestVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('privacy_notices')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

export async function listPrivacyNotices(db: Db): Promise<PrivacyNotice[]> {
  const rows = await db
    .selectFrom('privacy_notices')
    .leftJoin('users', 'users.id', 'privacy_notices.published_by')
    .select(privacyNoticeColumns)
    .orderBy('privacy_notices.version', 'desc')
    .execute();
  return rows.map(toPrivacyNotice);
}

/**
 * Writes version `version`. Two publishers racing for the same number collide on the primary key:
 * the loser's transaction fails and nothing of it is kept.
 */
export async function insertPrivacyNotice(
  db: Db,
  notice: { version: number; bodyEn: string; bodyBn: string; publishedAt: string; publishedBy: string },
): Promise<void> {
  await db
    .insertInto('privacy_notices')
    .values({
      version: notice.version,
      body_en: notice.bodyEn,
      body_bn: notice.bodyBn,
      published_at: notice.publishedAt,
      published_by: notice.publishedBy,
    })
    .execute();
}

/** The application's consent, or undefined when there is no such application. */
export async function findPrivacyConsent(db: Db, applicationId: string): Promise<PrivacyConsent | undefined> {
  const row = await db
    .selectFrom('applications')
    .leftJoin('users', 'users.id', 'applications.consent_recorded_by')
    .select([
      'applications.consent_version',
      'applications.consent_recorded_by',
      'applications.consent_recorded_at',
      'applications.consent_withdrawn_at',
      'users.name as recorder',
    ])
    .where('applications.id', '=', applicationId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    version: row.consent_version === null ? null : Number(row.consent_version),
    // A recorder whose account is gone is still known to have existed.
    recordedBy: row.recorder ?? (row.consent_recorded_by ? '' : null),
    recordedAt: row.consent_recorded_at,
    withdrawnAt: row.consent_withdrawn_at,
  };
}

/** Sets the withdrawal once: false when it was already set (or the application is gone). */
export async function markConsentWithdrawn(db: Db, applicationId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ consent_withdrawn_at: at })
    .where('id', '=', applicationId)
    .where('consent_withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the data download needs besides the record: the stored keys and the documents' labels. */
export async function listStoredFiles(
  db: Db,
  applicationId: string,
): Promise<{ photoKey: string | null; documents: { key: string; label: string; contentType: string; position: number }[] } | undefined> {
  const app = await db.selectFrom('applications').select('image_key').where('id', '=', applicationId).executeTakeFirst();
  if (!app) return undefined;
  const documents = await db
    .selectFrom('application_documents')
    .select(['storage_key', 'label', 'content_type', 'position'])
    .where('application_id', '=', applicationId)
    .orderBy('position', 'asc')
    .execute();
  return {
    photoKey: app.image_key || null,
    documents: documents.map((d) => ({ key: d.storage_key, label: d.label, contentType: d.content_type, position: Number(d.position) })),
  };
}
