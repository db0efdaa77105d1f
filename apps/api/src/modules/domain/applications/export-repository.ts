import { type Db, openBulkReader } from '../../../db/connection.js';
import { compiledQueryShapes } from '../../../db/compiled-query.js';
import type { ApplicationRow } from '../../../db/schema-applications.js';
import { SEARCH_COUNT_CAP, isPostgres, listTotal } from './paging-repository.js';
import {
  type ApplicationFilter,
  type Bind,
  type Narrowing,
  type SearchShape,
  type SearchTerms,
  filterOf,
  listValues,
  narrowingOf,
  searchShape,
  searchTerms,
} from './search-repository.js';

/**
 * The rows of the CSV export of a search (and status), read in batches through a bulk reader
 * (db/connection.ts), newest first (ADR 0099).
 */

/**
 * Whether a search matches so many rows that walking the newest-first index finds them after a
 * few rows, where collecting and sorting every match would cost more as the table grows. Only
 * asked on SQLite: PostgreSQL's planner makes that choice itself from its statistics.
 */
async function walksNewestFirst(db: Db, query: ApplicationFilter, terms: SearchTerms | null): Promise<boolean> {
  // Files waiting and letters due are few: their ids lead, whatever the search matches.
  if (isPostgres(db) || !terms || query.documents || query.dueBy || query.balance) return false;
  return (await listTotal(db, query, SEARCH_COUNT_CAP, terms)).totalCapped;
}

/**
 * Rows of an export, compiled once per shape and columns (db/compiled-query.ts): one prepared
 * statement run for every batch with its keyset values, not a query built and compiled through
 * Kysely again for each.
 */
const exportRows = compiledQueryShapes(
  (
    db,
    shape: { search: boolean; status: boolean; walk: boolean; after: boolean; columns: readonly (keyof ApplicationRow)[] } & SearchShape &
      Narrowing,
    bind: Bind,
  ) => {
    let q = db.selectFrom('applications').select(shape.columns);
    const filter = filterOf(shape.search ? shape : null, shape.status, shape.walk, bind, shape);
    if (filter) q = q.where(filter);
    if (shape.after) {
      // A row-value comparison is one index range on both engines; spelled as an OR it made
      // SQLite walk the index from the top again for every batch.
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(bind('afterCreatedAt'), bind('afterId'))));
    }
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(bind<number>('limit'));
  },
);

/**
 * Rows of a search (and status) in batches, newest first, for the CSV export, without holding them
 * all in memory: each batch is read only when the one before has been taken, and is garbage well
 * before the young generation next fills, so it dies young (much larger batches lived long enough
 * to be promoted to the old heap, bench/HISTORY.md). Each row is an array of its values in the
 * order of `columns` (then created_at and id, if not among them): an object per row cost as much
 * as reading it. Only the columns asked for are read: every other column of a million rows was
 * read, decoded and dropped (ADR 0074).
 */
export async function* iterateApplicationRows(
  db: Db,
  query: ApplicationFilter,
  columns: readonly (keyof ApplicationRow)[],
  batchSize = EXPORT_BATCH,
): AsyncGenerator<unknown[][]> {
  const terms = searchTerms(query.search);
  const { status, stage, dueBy } = query;
  const selected = [...new Set<keyof ApplicationRow>([...columns, 'created_at', 'id'])];
  const [createdAt, id] = [selected.indexOf('created_at'), selected.indexOf('id')];
  const shape = {
    search: Boolean(terms),
    ...(terms ? searchShape(terms) : { passport: false, country: false }),
    status: Boolean(status),
    ...narrowingOf(query),
    walk: await walksNewestFirst(db, query, terms),
    columns: selected,
  };
  const first = exportRows.statementOf(db, { ...shape, after: false });
  const next = exportRows.statementOf(db, { ...shape, after: true });
  let values = listValues(terms, { status, stage, dueBy, limit: batchSize });
  const reader = openBulkReader(db);
  const read = (statement: { sql: string; parameters: unknown[] }) => {
    const rows = reader.arrays(statement.sql, statement.parameters);
    // A batch read ahead may fail after the reply has stopped taking rows: its error then has no one to go to.
    rows.catch(() => {});
    return rows;
  };
  try {
    let ahead: Promise<unknown[][]> | null = read(first(values));
    while (ahead) {
      const rows = await ahead;
      ahead = null;
      if (rows.length === 0) return;
      const more = rows.length === batchSize;
      if (more) {
        const last = rows[rows.length - 1]!;
        values = { ...values, afterCreatedAt: last[createdAt], afterId: last[id] };
        if (reader.readsAhead) ahead = read(next(values));
      }
      yield rows;
      if (!more) return;
      ahead ??= read(next(values));
    }
  } finally {
    reader.close();
  }
}

/** Rows an export reads at a time (see iterateApplicationRows). */
export const EXPORT_BATCH = 200;
