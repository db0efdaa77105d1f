import type { AuditAction, AuditEntity } from '@visa/shared/audit-actions';
import { type QueryParam, compiledQuery } from '../../../db/compiled-query.js';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';
import { newId } from '../../../lib/ids.js';

export interface AuditInput {
  actorUserId: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string | null;
  /** Never passwords or file bytes: names of changed fields, dates, labels. */
  details?: Record<string, unknown>;
}

// Built once per database (db/compiled-query.ts): every status check writes one.
const insertEvent = compiledQuery((db, param: QueryParam<'id' | 'actor' | 'action' | 'entity' | 'entityId' | 'at' | 'details'>) =>
  db.insertInto('audit_events').values({
    id: param<string>('id'),
    actor_user_id: param<string | null>('actor'),
    action: param<string>('action'),
    entity: param<string>('entity'),
    entity_id: param<string | null>('entityId'),
    at: param<string>('at'),
    details: param<string>('details'),
  }),
);

export async function recordAudit(db: Db, input: AuditInput): Promise<void> {
  const values = {
    id: newId(),
    actor: input.actorUserId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId,
    at: nowIso(),
    details: JSON.stringify(input.details ?? {}),
  };
  if (!insertEvent.now(db, values)) await insertEvent(db, values);
}

export interface AuditEvent {
  _id: string;
  action: string;
  at: string;
  actor: { _id: string; name: string } | null;
  details: Record<string, unknown>;
}

export async function listAuditFor(db: Db, entity: AuditEntity, entityId: string): Promise<AuditEvent[]> {
  const rows = await db
    .selectFrom('audit_events')
    .leftJoin('users', 'users.id', 'audit_events.actor_user_id')
    .select([
      'audit_events.id',
      'audit_events.action',
      'audit_events.at',
      'audit_events.details',
      'users.id as actor_id',
      'users.name as actor_name',
    ])
    .where('audit_events.entity', '=', entity)
    .where('audit_events.entity_id', '=', entityId)
    .orderBy('audit_events.at', 'asc')
    .orderBy('audit_events.id', 'asc')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    action: r.action,
    at: r.at,
    actor: r.actor_id ? { _id: r.actor_id, name: r.actor_name ?? '' } : null,
    details: JSON.parse(r.details) as Record<string, unknown>,
  }));
}

/** Deletes events older than the retention period; answers how many went. */
export async function deleteAuditBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Audit entries older than `before` lose the keyed hash of their client address (ADR 0052): who,
 * what and when stay. Answers how many entries changed.
 */
export async function forgetClientsBefore(db: Db, before: Date): Promise<number> {
  let changed = 0;
  // In batches along the id, so a first run over a long history holds a bounded number of rows
  // and a row whose details cannot be read is passed, not read again.
  for (let after = ''; ;) {
    const rows = await db
      .selectFrom('audit_events')
      .select(['id', 'details'])
      .where('at', '<', before.toISOString())
      .where('details', 'like', '%"client":%')
      .where('id', '>', after)
      .orderBy('id')
      .limit(FORGET_BATCH)
      .execute();
    if (rows.length === 0) return changed;
    after = rows.at(-1)!.id;
    changed += await db.transaction().execute(async (trx) => {
      let batch = 0;
      for (const row of rows) {
        const details = withoutClient(row.details);
        if (details === null) continue;
        await trx.updateTable('audit_events').set({ details }).where('id', '=', row.id).execute();
        batch += 1;
      }
      return batch;
    });
    if (rows.length < FORGET_BATCH) return changed;
  }
}

const FORGET_BATCH = 500;

/** The details without their client address, or null when they hold none (or cannot be read). */
function withoutClient(text: string): string | null {
  let details: Record<string, unknown>;
  try {
    details = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!('client' in details)) return null;
  delete details.client;
  return JSON.stringify(details);
}
