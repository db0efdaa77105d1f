import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connection.js';

/** A named value of a compiled query, typed as the column it is compared with or written to (string by default). */
export type QueryParam<P extends string> = <T = string>(name: P) => T;

/**
 * A query whose shape never changes, built and compiled once per database and then run with its
 * values bound by name. Kysely otherwise builds the query tree and compiles it to SQL again on
 * every call, which on a query run by every staff request (the session check) costs more than the
 * indexed lookup itself. The builder receives `param(name)`: a stand-in for a value that is
 * recognised in the compiled parameters and replaced on each run; every other value is a
 * constant of the query.
 */
export function compiledQuery<P extends string, R>(build: (db: Db, param: QueryParam<P>) => Compilable<R>) {
  const compiled = new WeakMap<Db, { sql: string; slots: ({ param: P } | { constant: unknown })[] }>();
  return async (db: Db, values: Record<P, unknown>): Promise<R[]> => {
    let query = compiled.get(db);
    if (!query) {
      const names = new Map<string, P>();
      const param = (name: P) => {
        const standIn = `\u0000${names.size}:${name}`;
        names.set(standIn, name);
        return standIn;
      };
      const { sql, parameters } = build(db, param as QueryParam<P>).compile();
      const slots = parameters.map((value) => {
        const name = typeof value === 'string' ? names.get(value) : undefined;
        return name === undefined ? { constant: value } : { param: name };
      });
      query = { sql, slots };
      compiled.set(db, query);
    }
    const parameters = query.slots.map((slot) => ('param' in slot ? values[slot.param] : slot.constant));
    const result = await db.executeQuery<R>(CompiledQuery.raw(query.sql, parameters));
    return result.rows;
  };
}
