import { type AuditAction, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { Db } from '../../../db/connection.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { forgetRequestsOf } from '../../domain/document-requests/repository.js';
import { removeStagedUploads } from '../../domain/document-requests/uploads.js';
import { forgetImportFilesOf } from '../import/files-repository.js';
import { forgetNoticesOf } from '../../domain/applicant-notices/outbox-status-repository.js';
import path from 'node:path';
import { ERASURE_LOG_NAME, appendErasure } from './erasure-log.js';
import * as repo from './repository.js';

export interface ErasureDeps {
  db: Db;
  storage: Storage;
  dataDir: string;
  /** The backups' folder: the erasure log's second copy is kept there. */
  backupDir?: string;
  log?: { warn(obj: object, msg: string): void };
}

export interface ErasureAudit {
  actorUserId: string | null;
  action: AuditAction;
  details: Record<string, unknown>;
}

/**
 * Keys of audit details that can hold what an applicant or a member of staff wrote about them: a
 * file's name, a reason, a search term, an address or number. They go from the application's
 * history when it is erased; who did what and when stays.
 */
const PERSONAL_KEYS = new Set(['name', 'filename', 'reason', 'search', 'to', 'email', 'phone', 'passport', 'error', 'answer']);

function stripPersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripPersonal);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (PERSONAL_KEYS.has(k) ? [] : [[k, stripPersonal(v)]])));
  }
  return value;
}

/**
 * Erases one application's personal data (ADR 0052): the one act behind the retention rules, the
 * erasure log's replay and "Erase now". The erasure log is written first, so a crash at any later
 * point leaves an entry the next run or a restore finishes from. The database changes are one
 * transaction: personal fields blanked, documents, the channel agreement, notices and request files
 * let go of, the history stripped of personal values, and the audit entry. Files are removed from
 * the store only once nothing refers to them; one that cannot be removed is an orphan the sweep job
 * removes.
 * Answers false when there is no such application or it was erased already.
 */
export async function erasePersonalData(deps: ErasureDeps, id: string, now: Date, audit: ErasureAudit | null): Promise<boolean> {
  const at = now.toISOString();
  const layout = dataDirLayout(deps.dataDir);
  const row = await repo.findForErasure(deps.db, id);
  if (!row) return false;
  if (!row.anonymised_at) {
    await appendErasure(layout.erasures, { id, at });
    const besideBackups = deps.backupDir ? path.join(deps.backupDir, ERASURE_LOG_NAME) : null;
    if (besideBackups && path.resolve(besideBackups) !== path.resolve(layout.erasures)) await appendErasure(besideBackups, { id, at });
  }
  const done = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.findForErasure(trx, id);
    if (!current || current.anonymised_at) return null;
    const documents = await repo.documentKeysOf(trx, id);
    const requests = await forgetRequestsOf(trx, id, at);
    await repo.deleteDocumentRows(trx, id);
    await forgetNoticesOf(trx, id);
    await forgetImportFilesOf(trx, id);
    for (const event of await repo.auditEntriesOf(trx, id)) {
      let details: unknown;
      try {
        details = JSON.parse(event.details);
      } catch {
        details = {};
      }
      const stripped = JSON.stringify(stripPersonal(details));
      if (stripped !== event.details) await repo.setAuditDetails(trx, event.id, stripped);
    }
    await repo.eraseRow(trx, id, at);
    if (audit) {
      await recordAudit(trx, { ...audit, entity: AUDIT_ENTITIES.application, entityId: id, details: audit.details });
    }
    const keys = [current.image_key, current.thumb_key, ...documents, ...requests.storageKeys].filter((k): k is string => Boolean(k));
    return { keys, uploads: requests.uploadIds };
  });
  if (!done) return false;
  for (const key of done.keys) {
    await deps.storage.delete(key).catch((err: unknown) => deps.log?.warn({ err, key }, 'erasure: a file stays for the sweep'));
  }
  await removeStagedUploads(deps.dataDir, done.uploads);
  return true;
}
