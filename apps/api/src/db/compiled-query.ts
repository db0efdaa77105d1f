import { type Compilable, CompiledQuery } from 'kysely';
import { type Db, runImmediately } from './connection.js';

/** A named value of a compiled query, typed as the column it is compared with or written to (string by default). */
export type QueryParam<P extends string> = <T = string>(name: P) => T;

interface Compiled<P extends string> {
  sql: string;
  slots: ({ param: P } | { constant: unknown })[];
}

/**
 * Builds a query with stand-ins for its named values and compiles it to SQL once; `constants`
 * says whether a value given directly (not through `param`) may stay in it as a constant.
 */
function compile<P extends string>(build: (param: QueryParam<P>) => Compilable<unknown>, constants: boolean): Compiled<P> {
  const names = new Map<string, P>();
  const param = (name: P) => {
    const standIn = `\u0000${names.size}:${name}`;
    names.set(standIn, name);
    return standIn;
  };
  const { sql, parameters } = build(param as QueryParam<P>).compile();
  const slots = parameters.map((value) => {
    const name = typeof value === 'string' ? names.get(value) : undefined;
    if (name !== undefined) return { param: name };
    if (!constants) throw new Error(`a value of this query was not given through param(): ${sql}`);
    return { constant: value };
  });
  return { sql, slots };
}

const parametersOf = <P extends string>(query: Compiled<P>, values: Partial<Record<P, unknown>>) =>
  query.slots.map((slot) => ('param' in slot ? values[slot.param] : slot.constant));

async function run<P extends string, R>(db: Db, query: Compiled<P>, values: Partial<Record<P, unknown>>): Promise<R[]> {
  const parameters = parametersOf(query, values);
  const rows = runImmediately(db, query.sql, parameters);
  if (rows) return rows as R[];
  const result = await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters));
  return result.rows;
}

/**
 * A query whose shape never changes, built and compiled once per database and then run with its
 * values bound by name. Kysely otherwise builds the query tree and compiles it to SQL again on
 * every call, which on a query run by every staff request (the session check) costs more than the
 * indexed lookup itself. The builder receives `param(name)`: a stand-in for a value that is
 * recognised in the compiled parameters and replaced on each run; every other value is a
 * constant of the query.
 */
export function compiledQuery<P extends string, R>(build: (db: Db, param: QueryParam<P>) => Compilable<R>) {
  const compiled = new WeakMap<Db, Compiled<P>>();
  const queryOf = (db: Db) => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = compile((param) => build(db, param), true)));
    return query;
  };
  const runQuery = async (db: Db, values: Record<P, unknown>): Promise<R[]> => run<P, R>(db, queryOf(db), values);
  /**
   * The rows at once, without a promise, or null when the statement cannot run now (PostgreSQL, a
   * transaction's own handle, a transaction open: see runImmediately); the caller then runs the
   * query itself.
   */
  const now = (db: Db, values: Record<P, unknown>): R[] | null => {
    const query = queryOf(db);
    return runImmediately(db, query.sql, parametersOf(query, values)) as R[] | null;
  };
  return Object.assign(runQuery, { now });
}

/**
 * What decides the statement of a query of a few shapes: a few named facts (whether a search reads
 * the passport range, whether a cursor is given, which fields are read), never a value the query
 * compares with. Flat, so that its key below covers every fact.
 */
export type QueryShape<S> = { readonly [K in keyof S]: string | number | boolean | readonly string[] };

/** The facts' names in one order, by the order a shape's literal wrote them in (a call site writes them alike each time). */
const sortedNames = new Map<string, string[]>();

/**
 * One key per shape whatever order its facts were written in. The names are sorted once per
 * order they come in, not on every call: a staff list request asks for several shapes' keys.
 */
function keyOf<S extends QueryShape<S>>(shape: S): string {
  const names = Object.keys(shape);
  const written = names.join();
  let sorted = sortedNames.get(written);
  if (!sorted) sortedNames.set(written, (sorted = names.sort()));
  let key = '';
  for (const name of sorted) {
    const value = shape[name as keyof S];
    key += `${name}=${typeof value === 'boolean' || typeof value === 'number' ? String(value) : JSON.stringify(value)};`;
  }
  return key;
}

/**
 * A query of a few shapes (a list with or without a search, one status, a cursor), each built and
 * compiled once per database and shape. `build` sees only the shape and `param`, so the statement
 * can depend on nothing else; it runs only the first time a shape is met. Every value must come
 * through `param`, so two calls of one shape can differ in their values only: a value written into
 * the query throws at once instead of being kept for the next call of that shape.
 */
export function compiledQueryShapes<S extends QueryShape<S>, P extends string, R>(
  build: (db: Db, shape: S, param: QueryParam<P>) => Compilable<R>,
) {
  const compiled = new WeakMap<Db, Map<string, Compiled<P>>>();
  const queryOf = (db: Db, shape: S) => {
    let shapes = compiled.get(db);
    if (!shapes) compiled.set(db, (shapes = new Map()));
    const key = keyOf(shape);
    let query = shapes.get(key);
    if (!query) shapes.set(key, (query = compile((param) => build(db, shape, param), false)));
    return query;
  };
  const runQuery = async (db: Db, shape: S, values: Partial<Record<P, unknown>>): Promise<R[]> => run<P, R>(db, queryOf(db, shape), values);
  /**
   * One shape's statement and its parameters for given values, for a read of very many rows run
   * again and again with other values through a bulk reader (db/connection.ts).
   */
  const statementOf = (db: Db, shape: S) => {
    const query = queryOf(db, shape);
    return (values: Partial<Record<P, unknown>>) => ({ sql: query.sql, parameters: parametersOf(query, values) });
  };
  return Object.assign(runQuery, { statementOf });
}

/** The named values of an `in (…)` list of ids, one stand-in each: `id0`, `id1`, … */
export type IdParam = `id${number}`;

/**
 * An `in (…)` list of `count` ids for a query of shape `{ count }` (a page's applications), so
 * it is compiled once per number of ids; `idValues` binds them.
 */
export const idParams = (count: number, param: QueryParam<IdParam>): string[] => Array.from({ length: count }, (_, i) => param(`id${i}`));

/** The ids of `idParams`, by the names it gave them. */
export function idValues(ids: readonly string[]): Record<IdParam, string> {
  const values: Record<IdParam, string> = {};
  ids.forEach((id, i) => (values[`id${i}`] = id));
  return values;
}
