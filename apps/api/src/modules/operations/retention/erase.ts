import { type AuditAction, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { Db } from '../../../db/connection.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { deleteMailFiles } from '../../../infra/mail-transport.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { removeStagedUploads } from '../../domain/document-requests/uploads.js';
import path from 'node:path';
import { ERASURE_LOG_NAME, appendErasure } from './erasure-log.js';
import { ROW_RULES, type Traces, noTraces } from './erasure-rules.js';
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

/** Removes each kind of file the rows named from where it is kept (erasure-rules.ts's PLACES). */
async function removeTraces(deps: ErasureDeps, traces: Traces): Promise<void> {
  for (const key of traces.storageKeys) {
    await deps.storage.delete(key).catch((err: unknown) => deps.log?.warn({ err, key }, 'erasure: a file stays for the sweep'));
  }
  await removeStagedUploads(deps.dataDir, traces.stagedUploads);
  // Whether or not SMTP_URL is set now: the folder keeps what was written while it was not.
  await deleteMailFiles(dataDirLayout(deps.dataDir).outbox, traces.mailFiles);
}

/**
 * Erases one application's personal data (ADR 0052, ADR 0064): the one act behind the retention
 * rules, the erasure log's replay and "Erase now". The erasure log is written first, so a crash at
 * any later point leaves an entry the next run or a restore finishes from. The database changes
 * are one transaction, the rules of erasure-rules.ts in order, and the audit entry. The files
 * they named (store, staged uploads, mail folder) are removed once nothing refers to them; one
 * that cannot be removed is an orphan the sweep (or a restore) removes.
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
  const traces = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.findForErasure(trx, id);
    if (!current || current.anonymised_at) return null;
    const found = noTraces();
    for (const rule of ROW_RULES) {
      const named = await rule.erase(trx, id, at);
      for (const kind of Object.keys(found) as (keyof Traces)[]) found[kind].push(...(named[kind] ?? []));
    }
    if (audit) {
      await recordAudit(trx, { ...audit, entity: AUDIT_ENTITIES.application, entityId: id, details: audit.details });
    }
    return found;
  });
  if (!traces) return false;
  await removeTraces(deps, traces);
  return true;
}
