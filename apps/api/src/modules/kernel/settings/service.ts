import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { Db } from '../../../db/connection.js';
import { recordAudit } from '../audit/repository.js';
import { type SettingKey, type SettingValue, getSetting, setSetting } from './repository.js';

type Details = Record<string, unknown>;

interface SettingAudit<K extends SettingKey> {
  /** The member of staff who changed it. */
  actorUserId: string;
  /** Which settings the audit row is about, as staff know them ('office-contact', 'security'). */
  entityId: string;
  /** What the row records; a function is given the value as it was before, to name what changed. */
  details: Details | ((before: SettingValue<K>) => Details);
}

/** A setting as the routes answer it: typed, and its default when never set or no longer valid. */
export function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  return getSetting(db, key);
}

/**
 * A setting changed by a member of staff: the new value and its "settings.updated" audit row are
 * written in one transaction, so neither is ever kept without the other.
 */
export async function saveSetting<K extends SettingKey>(db: Db, key: K, value: SettingValue<K>, audit: SettingAudit<K>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const details = typeof audit.details === 'function' ? audit.details(await getSetting(trx, key)) : audit.details;
    await setSetting(trx, key, value, audit.actorUserId);
    await recordAudit(trx, {
      actorUserId: audit.actorUserId,
      action: AUDIT_ACTIONS.settings.updated,
      entity: AUDIT_ENTITIES.settings,
      entityId: audit.entityId,
      details,
    });
  });
}
