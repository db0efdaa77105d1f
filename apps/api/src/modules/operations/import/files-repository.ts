import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';

/** Every statement on the import_files table (ADR 0042). */

export interface ClaimedFile {
  applicationId: string;
  field: string;
  url: string;
  /** Claims taken on this row so far, this one included. */
  attempts: number;
  /** The claim's random token: only its holder may settle the row. */
  claim: string;
}

const CANDIDATES_PER_LOOK = 20;

/**
 * Claims one pending row that nobody holds (never claimed, or its claim lapsed because the
 * process holding it stopped). The claim is a conditional update on the row, so of two processes
 * (or two workers of one) that picked the same candidate exactly one gets it; the other tries the
 * next. Undefined when no row is left to claim.
 */
export async function claimNextFile(db: Db, claim: string, now: Date, until: Date): Promise<ClaimedFile | undefined> {
  const at = now.toISOString();
  for (;;) {
    const candidates = await db
      .selectFrom('import_files')
      .select(['application_id', 'field', 'url'])
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
      .orderBy('application_id')
      .orderBy('field')
      .limit(CANDIDATES_PER_LOOK)
      .execute();
    if (candidates.length === 0) return undefined;
    for (const c of candidates) {
      const claimed = await db
        .updateTable('import_files')
        .set((eb) => ({ claim, claimed_until: until.toISOString(), attempts: eb('attempts', '+', 1), updated_at: at }))
        .where('application_id', '=', c.application_id)
        .where('field', '=', c.field)
        .where('state', '=', 'pending')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .returning('attempts')
        .executeTakeFirst();
      if (claimed) return { applicationId: c.application_id, field: c.field, url: c.url, attempts: Number(claimed.attempts), claim };
    }
  }
}

/** Moves a claim's end on while its run still holds the row; nothing once it is settled or lost. */
export async function renewClaim(db: Db, file: Pick<ClaimedFile, 'applicationId' | 'field' | 'claim'>, until: Date): Promise<void> {
  await db
    .updateTable('import_files')
    .set({ claimed_until: until.toISOString() })
    .where('application_id', '=', file.applicationId)
    .where('field', '=', file.field)
    .where('state', '=', 'pending')
    .where('claim', '=', file.claim)
    .execute();
}

/**
 * Settles a claimed row, inside the transaction that attaches its file or records why it is
 * missing. False when the claim is no longer held (it lapsed and another run took the row): the
 * caller then rolls back and leaves the row to that run.
 */
export async function settleFile(
  db: Db,
  file: Pick<ClaimedFile, 'applicationId' | 'field' | 'claim'>,
  outcome: { state: 'stored' } | { state: 'missing'; reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable('import_files')
    .set({
      state: outcome.state,
      reason: outcome.state === 'missing' ? outcome.reason : null,
      claim: null,
      claimed_until: null,
      updated_at: nowIso(),
    })
    .where('application_id', '=', file.applicationId)
    .where('field', '=', file.field)
    .where('state', '=', 'pending')
    .where('claim', '=', file.claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many rows are in each state. */
export async function countFiles(db: Db): Promise<{ stored: number; missing: number; pending: number }> {
  const rows = await db
    .selectFrom('import_files')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  const counts = { stored: 0, missing: 0, pending: 0 };
  for (const row of rows) counts[row.state] = Number(row.n);
  return counts;
}

/** Every file reported missing, in a stable order, for the import's report. */
export async function listMissingFiles(db: Db): Promise<{ applicationId: string; field: string; reason: string }[]> {
  const rows = await db
    .selectFrom('import_files')
    .select(['application_id', 'field', 'reason'])
    .where('state', '=', 'missing')
    .orderBy('application_id')
    .orderBy('field')
    .execute();
  return rows.map((r) => ({ applicationId: r.application_id, field: r.field, reason: r.reason ?? '' }));
}

/**
 * Pending rows that another run holds (or held when it stopped): how many, and when the first claim
 * lapses. Undefined when there are none. Rows under the asking run's own claim are not counted:
 * those it failed to bring in this time (storage or database trouble) are left for a later run.
 */
export async function heldFiles(db: Db, now: Date, ownClaim: string): Promise<{ count: number; firstLapse: Date } | undefined> {
  const row = await db
    .selectFrom('import_files')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('claimed_until').as('first')])
    .where('state', '=', 'pending')
    .where('claimed_until', '>=', now.toISOString())
    .where('claim', '!=', ownClaim)
    .executeTakeFirst();
  const count = Number(row?.n ?? 0);
  return count && row?.first ? { count, firstLapse: new Date(String(row.first)) } : undefined;
}

/** An erased application's files of the earlier app are not fetched any more; their addresses go (ADR 0052). */
export async function forgetImportFilesOf(db: Db, applicationId: string): Promise<void> {
  await db.deleteFrom('import_files').where('application_id', '=', applicationId).execute();
}
