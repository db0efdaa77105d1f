import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

// All of the maintenance module's SQL: what the sweep and backups treat as referenced, the job
// leases, and the purges of housekeeping.

/**
 * Every storage key a row points at: application photos and thumbnails, document files, and each
 * stored variant of a slide image. A stored file outside this set belongs to no row.
 */
export async function referencedStorageKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (key: string | null | undefined) => {
    if (key) keys.add(key);
  };
  for (const row of await db.selectFrom('applications').select(['image_key', 'thumb_key']).execute()) {
    add(row.image_key);
    add(row.thumb_key);
  }
  for (const row of await db.selectFrom('application_documents').select('storage_key').execute()) add(row.storage_key);
  for (const row of await db.selectFrom('slides').select(['image_key', 'image_variants']).execute()) {
    add(row.image_key);
    for (const key of variantKeys(row.image_variants)) add(key);
  }
  return keys;
}

/** The keys in a slide's JSON list of variants; a hand-edited, unreadable list yields none (and is reported by the slide module). */
function variantKeys(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value.map((v: { key?: unknown }) => v?.key).filter((k): k is string => typeof k === 'string');
  } catch {
    return [];
  }
}

// --- job leases -----------------------------------------------------------------------------

/** Makes sure the job has a row; the first run is due at `firstRunAt`. Harmless when it exists. */
export async function ensureJob(db: Db, name: string, firstRunAt: Date): Promise<void> {
  await db
    .insertInto('job_runs')
    .values({ name, next_run_at: firstRunAt.toISOString(), holder: null, started_at: null, finished_at: null, outcome: null, error: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/**
 * Claims the current period of a job for `holder`: true for exactly one caller per period, however
 * many instances ask at once. The conditional UPDATE is the whole lease: PostgreSQL re-checks the
 * condition after waiting for a concurrent update of the row, and SQLite runs writes one at a time.
 * A job is due when its next run time has come, or when its last start is a whole (possibly
 * shortened) period ago.
 */
export async function claimJob(db: Db, name: string, holder: string, now: Date, everyMs: number): Promise<boolean> {
  const nowText = now.toISOString();
  const result = await db
    .updateTable('job_runs')
    .set({ next_run_at: new Date(now.getTime() + everyMs).toISOString(), holder, started_at: nowText, finished_at: null })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('next_run_at', '<=', nowText), eb('started_at', '<=', new Date(now.getTime() - everyMs).toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(
  db: Db,
  name: string,
  holder: string,
  done: { at: Date; outcome: Record<string, unknown> | null; error: string | null },
): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({
      finished_at: done.at.toISOString(),
      outcome: done.outcome ? JSON.stringify(done.outcome) : null,
      error: done.error,
    })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

export async function findJob(db: Db, name: string) {
  return db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();
}

// --- housekeeping ---------------------------------------------------------------------------

/**
 * Sessions that can never be used again. An expired row is dead. A revoked row is kept while its
 * family lives on, because presenting a rotated token is how a stolen one is detected and the
 * family revoked; once the whole family is revoked (signed out) there is nothing left to protect.
 */
export async function deleteDeadSessions(db: Db, now: Date, revokedBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        eb.and([
          eb('revoked_at', '<', revokedBefore.toISOString()),
          eb.not(
            eb.exists(
              eb
                .selectFrom('sessions as live')
                .select('live.id')
                .whereRef('live.family_id', '=', 'sessions.family_id')
                .where('live.revoked_at', 'is', null),
            ),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Counters whose window ended long ago: the next hit on that key starts a new window anyway. */
export async function deleteStaleRateLimits(db: Db, windowStartedBefore: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('window_start', '<', windowStartedBefore.getTime()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAuditBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('audit_events').where('at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Delivered (or given-up) messages; queued and sending ones stay whatever their age. */
export async function deleteFinishedEmailsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('email_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// --- readiness and manifests ----------------------------------------------------------------

/** Names of the migrations this database has run (Kysely's own table, absent before the first run). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((r) => r.name);
  } catch (err) {
    const text = String((err as Error).message);
    if (text.includes('no such table') || text.includes('does not exist')) return [];
    throw err;
  }
}

/** Reads the mail outbox table: the store every queued message goes through. */
export async function probeOutbox(db: Db): Promise<void> {
  await db.selectFrom('email_outbox').select('id').limit(1).execute();
}

export async function tableCounts(db: Db) {
  const count = async (table: 'users' | 'applications' | 'application_documents' | 'slides' | 'audit_events' | 'email_outbox') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    applications: await count('applications'),
    documents: await count('application_documents'),
    slides: await count('slides'),
    auditEvents: await count('audit_events'),
    emails: await count('email_outbox'),
  };
}
