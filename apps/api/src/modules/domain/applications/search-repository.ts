import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type BalanceFilter, type DocumentsFilter, normalizePassport } from '@visa/shared/applications';
import type { ApplicationStatus } from '@visa/shared/constants';
import { matchCountry } from '@visa/shared/country-matching';
import type { QueryParam } from '../../../db/compiled-query.js';
import type { Database } from '../../../db/schema.js';
import { searchKey } from './mapping.js';

/**
 * What a search term is looked for as, and the conditions the applications list and export read:
 * a case-insensitive prefix match on passport, surname or given name as index range scans
 * (ADR 0001), never LIKE or a regex built from the input, so '.*' or '%' are just characters.
 * Both sides are normalised the same way: the passport as the shared schema stores it, the names
 * as their search keys, a country as its code.
 */

export type Condition = (eb: ExpressionBuilder<Database, 'applications'>) => Expression<SqlBool>;

/** What a search term is looked for as: a passport prefix (when it can be one), a name prefix, a country. */
export interface SearchTerms {
  passport: string;
  name: string;
  country: string | null;
}

export function searchTerms(search: string): SearchTerms | null {
  const term = search.trim();
  if (!term) return null;
  return { passport: normalizePassport(term), name: searchKey(term), country: matchCountry(term) };
}

/** Which ranges a search reads besides the names': the passport's, when the term can be one, and a nationality, when it names one. */
export interface SearchShape {
  passport: boolean;
  country: boolean;
}

export const searchShape = (terms: SearchTerms): SearchShape => ({ passport: Boolean(terms.passport), country: Boolean(terms.country) });

/**
 * Which applications a list or an export covers: a search prefix, one status or all of them, and
 * (the list only) just those with files waiting for review, at one stage, or with an open letter
 * due by a day (ADR 0079).
 */
export interface ApplicationFilter {
  search: string;
  status?: ApplicationStatus;
  documents?: DocumentsFilter;
  stage?: string;
  /** The last deadline ('YYYY-MM-DD') an open letter may have; earlier ones (overdue) count too. */
  dueBy?: string;
  /** `due`: only applications that owe money (ADR 0086). */
  balance?: BalanceFilter;
}

/** The filters besides the search and the status that narrow a list, as the facts of its shape. */
export interface Narrowing {
  waiting: boolean;
  stage: boolean;
  due: boolean;
  owes: boolean;
}

export const narrowingOf = (query: ApplicationFilter): Narrowing => ({
  waiting: query.documents === 'waiting',
  stage: query.stage !== undefined,
  due: query.dueBy !== undefined,
  owes: query.balance === 'due',
});

/** The values a list query may carry, by name (db/compiled-query.ts). */
type ListParam =
  | 'passport'
  | 'passportEnd'
  | 'name'
  | 'nameEnd'
  | 'country'
  | 'status'
  | 'stage'
  | 'dueBy'
  | 'cap'
  | 'afterCreatedAt'
  | 'afterId'
  | 'limit'
  | 'offset';

/**
 * How a condition takes a value: by name, either as the named stand-in of a query compiled once
 * (its `param`) or as the value itself (`valuesBound`).
 */
export type Bind = QueryParam<ListParam>;

export type ListValues = Partial<Record<ListParam, unknown>>;

const valuesBound =
  (values: ListValues): Bind =>
  <T>(name: ListParam) =>
    values[name] as T;

/** Upper bound of a prefix range: every string that starts with `prefix` sorts below it. */
const prefixEnd = (prefix: string) => `${prefix}\uffff`;

/** The values of a list query by the names `Bind` takes them by: the search's, and `more`. */
export function listValues(terms: SearchTerms | null, more: ListValues): ListValues {
  // Written into one object rather than spread from two: every staff list request makes one.
  const values: ListValues = Object.assign({}, more);
  if (terms) {
    values.passport = terms.passport;
    values.passportEnd = prefixEnd(terms.passport);
    values.name = terms.name;
    values.nameEnd = prefixEnd(terms.name);
    values.country = terms.country;
  }
  return values;
}

type KeyColumn = 'surname_key' | 'given_name_key' | 'passport';

/** The search as its separate index ranges (any one of them matches). */
export function searchRanges(shape: SearchShape, walk: boolean, bind: Bind): Condition[] {
  // `walk` (SQLite only): a unary plus keeps SQLite from using these columns' indexes, so it reads
  // the newest-first index and stops at the page's last match instead of sorting every match (ADR 0028).
  const col = (column: KeyColumn) => (walk ? sql<string>`+${sql.ref(column)}` : sql.ref<string>(column));
  const prefix = (column: KeyColumn, from: ListParam, to: ListParam): Condition => {
    return (eb) => eb.and([eb(col(column), '>=', bind(from)), eb(col(column), '<', bind(to))]);
  };
  const ranges: Condition[] = [prefix('surname_key', 'name', 'nameEnd'), prefix('given_name_key', 'name', 'nameEnd')];
  // An erased record's passport is a marker that must match no search, whatever the collation (ADR 0052).
  const passport = prefix('passport', 'passport', 'passportEnd');
  if (shape.passport) ranges.unshift((eb) => eb.and([passport(eb), eb('anonymised_at', 'is', null)]));
  // A term that names a country ('Bangladeshi', 'BD', 'BGD') also finds that nationality (ADR 0024).
  if (shape.country) ranges.push((eb) => eb('current_nationality_key', '=', bind('country')));
  return ranges;
}

const anyOf =
  (ranges: Condition[]): Condition =>
  (eb) =>
    eb.or(ranges.map((range) => range(eb)));

const NOT_NARROWED: Narrowing = { waiting: false, stage: false, due: false, owes: false };

/** The search, the status and the other filters together, as a shape says they narrow the list; null when none does. */
export function filterOf(
  search: SearchShape | null,
  status: boolean,
  walk: boolean,
  bind: Bind,
  narrowing: Narrowing = NOT_NARROWED,
): Condition | null {
  const conditions: Condition[] = [];
  if (status) conditions.push((eb) => eb('status', '=', bind<ApplicationStatus>('status')));
  if (narrowing.stage) conditions.push((eb) => eb('stage', '=', bind('stage')));
  if (search) conditions.push(anyOf(searchRanges(search, walk, bind)));
  if (narrowing.waiting) conditions.push(hasFilesWaiting);
  if (narrowing.due) conditions.push(hasLetterDue(bind, walk));
  if (narrowing.owes) conditions.push(owesMoney(walk));
  if (conditions.length === 0) return null;
  if (conditions.length === 1) return conditions[0]!;
  return (eb) => eb.and(conditions.map((condition) => condition(eb)));
}

/** The condition of a search, with its values written in. */
export function searchFilter(search: string, walk = false): Condition | null {
  const terms = searchTerms(search);
  return terms && filterOf(searchShape(terms), false, walk, valuesBound(listValues(terms, {})));
}

/** The search, the status and the other filters together, with their values written in; null when none narrows the list. */
export function listFilter(query: ApplicationFilter, walk = false): Condition | null {
  const terms = searchTerms(query.search);
  const { status, stage, dueBy } = query;
  return filterOf(
    terms && searchShape(terms),
    Boolean(status),
    walk,
    valuesBound(listValues(terms, { status, stage, dueBy })),
    narrowingOf(query),
  );
}

/**
 * Whether an application has a received file staff have not yet accepted or asked again for
 * (ADR 0069), as a condition of the applications list: its id among those of a subquery that reads
 * the items' state index for the received ones and each one's request by its key, so it costs what
 * is waiting, not what is stored.
 */
function hasFilesWaiting(eb: ExpressionBuilder<Database, 'applications'>): Expression<SqlBool> {
  const ids = eb
    .selectFrom('document_request_items as waiting_item')
    .innerJoin('document_requests as waiting_request', 'waiting_request.id', 'waiting_item.request_id')
    .select('waiting_request.application_id')
    // Written into the statement, not bound: the list's statements are compiled once with only its own values as parameters.
    .where('waiting_item.state', '=', sql.lit('received'));
  return eb('applications.id', 'in', ids);
}

/**
 * Whether an application has an open IRCC letter due by a day, overdue ones included (ADR 0079):
 * its id among those of a subquery on the open letters' deadline index (ADR 0077), read here
 * rather than through the case module, which sits above this one. It costs what is due, not what
 * is stored. With `walk` (SQLite, when so many are due that the newest-first index meets a page of
 * them within a few rows) each application that index reads is asked instead whether its earliest
 * open letter is due by then, one seek on the open letters by application (ADR 0085): gathering
 * every due id first, to test each row against, cost what is due on every page.
 */
const hasLetterDue =
  (bind: Bind, walk: boolean) =>
  (eb: ExpressionBuilder<Database, 'applications'>): Expression<SqlBool> => {
    if (walk) {
      const earliest = eb
        .selectFrom('case_letters as due_letter')
        .select((letter) => letter.fn.min('due_letter.deadline').as('deadline'))
        .whereRef('due_letter.application_id', '=', 'applications.id')
        .where('due_letter.done_on', 'is', null);
      return eb(earliest, '<=', bind('dueBy'));
    }
    const ids = eb
      .selectFrom('case_letters as due_letter')
      .select('due_letter.application_id')
      .where('due_letter.done_on', 'is', null)
      .where('due_letter.deadline', '<=', bind('dueBy'));
    return eb('applications.id', 'in', ids);
  };

/**
 * Whether an application owes money (ADR 0086), read on the kept balances' partial index
 * (`due_minor > 0`, written into the statement so PostgreSQL's plans match the index's
 * predicate), never on the ledger. By default its id among the owing ids, which costs what is
 * owed; with `walk` (SQLite, when a fair share of the office owes) each row of the newest-first
 * index is looked up by its key in the balances instead, so a page costs what it shows.
 */
const owesMoney =
  (walk: boolean) =>
  (eb: ExpressionBuilder<Database, 'applications'>): Expression<SqlBool> => {
    const owing = eb.selectFrom('application_balances as owing').where('owing.due_minor', '>', sql.lit(0));
    if (walk) return eb.exists(owing.select(sql.lit(1).as('one')).whereRef('owing.application_id', '=', 'applications.id'));
    return eb('applications.id', 'in', owing.select('owing.application_id'));
  };
