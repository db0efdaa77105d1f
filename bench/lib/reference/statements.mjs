// The product's SQL, recorded once at start-up and prepared for the reference's requests: its own
// repository functions run against a Kysely that records what it sends, with recognisable stand-in
// values, and each statement's parameters are then bound by the stand-in they carried.
import {
  APPLICATION_COLUMNS,
  Kysely,
  SqliteDialect,
  appsPaging,
  appsRepo,
  caseWorkRepo,
  countHit,
  deleteCounter,
  EnquiryApplicationSchema,
  normalizePassport,
  recordAudit,
  sessionsRepo,
  sqlite,
  WAITING_KINDS,
} from './product.mjs';

async function record(run) {
  const log = [];
  const db = new Kysely({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') log.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  const result = await run(db);
  return { log, result };
}

/**
 * A recorded statement as a prepared one: each parameter that equals a stand-in value is bound to
 * that role at run time, any other is a constant the product's code put there itself.
 */
function template({ sql, parameters }, roles) {
  const getters = parameters.map((value) => {
    const role = [...roles].find(([, standIn]) => standIn === value)?.[0];
    return role ? (values) => values[role] : () => value;
  });
  const statement = sqlite.prepare(sql);
  return {
    sql,
    statement,
    bind: (values) => getters.map((get) => get(values)),
    uses: (role) => parameters.includes(roles.get(role)),
  };
}

const fail = (what) => {
  throw new Error(`reference server: ${what} (the product's SQL changed shape; adapt bench/lib/reference/statements.mjs)`);
};

// The staff list: a page with no search, then a search, with stand-in page, limit and search.
export const LIST_ROLES = (term, limit, offset) =>
  new Map([
    ['passport', normalizePassport(term)],
    ['passportEnd', `${normalizePassport(term)}\uffff`],
    ['name', term.toLowerCase()],
    ['nameEnd', `${term.toLowerCase()}\uffff`],
    ['limit', limit],
    ['offset', offset],
  ]);
const standInUrls = { sign: (key) => `signed:${key}` };

async function recordList(search) {
  const standIn = LIST_ROLES(search || 'Qz7', 7, 14);
  const { log } = await record((db) => appsPaging.listApplications(db, standInUrls, { page: 3, limit: 7, search }));
  const documentsAt = log.findIndex((q) => /application_documents/.test(q.sql));
  const listing = (documentsAt === -1 ? log : log.slice(0, documentsAt)).map((q) => {
    const t = template(q, standIn);
    // What each statement is for, told from its SQL: the page's rows, the kept per-status counts,
    // or a count of matches (capped when it carries a constant `limit`: the cap plus one).
    if (/^select \*/i.test(q.sql) || t.uses('limit')) t.kind = 'rows';
    else if (/application_counts/.test(q.sql)) t.kind = 'kept counts';
    else {
      t.kind = 'count';
      const cap = q.parameters.find((p) => typeof p === 'number' && p > 1 && ![...standIn.values()].includes(p));
      if (cap !== undefined && /limit/i.test(q.sql)) t.countCap = cap - 1;
    }
    return t;
  });
  if (!listing.some((t) => t.kind === 'rows' && t.uses('limit'))) fail('no statement reads the rows of a page');
  // After the documents, what each of the page's applications owes (ADR 0086).
  const balances = log.find((q, i) => i > documentsAt && /application_balances/.test(q.sql)) ?? null;
  return { listing, documents: documentsAt === -1 ? null : log[documentsAt], balances };
}
export const plain = await recordList('');
export const searched = await recordList('Qz7');

// The documents of a page and what its applications owe: `in (?, …)` with one placeholder per
// row, prepared once per row count.
function perRowCount(recorded, what) {
  if (!recorded) fail(`${what} of a page were not read (is the table empty?)`);
  const templates = new Map();
  return (n) => {
    let statement = templates.get(n);
    if (!statement) {
      const sql = recorded.sql.replace(/in \((\?(, )?)+\)/, `in (${Array.from({ length: n }, () => '?').join(', ')})`);
      if (sql === recorded.sql && n !== recorded.parameters.length) fail(`no \`in (?, …)\` list in the query of ${what}`);
      statement = sqlite.prepare(sql);
      templates.set(n, statement);
    }
    return statement;
  };
}
export const documentsStatement = perRowCount(plain.documents, 'the documents');
export const balancesStatement = perRowCount(plain.balances, 'the balances');

// The session check of every staff request, and the activity write at most every 30 s (ADR 0018).
const SESSION_ROLES = new Map([
  ['userId', 'user-stand-in'],
  ['familyId', 'family-stand-in'],
  ['now', '1999-01-01T00:00:00.000Z'],
  ['at', '1999-01-02T00:00:00.000Z'],
  ['notAfter', '1999-01-03T00:00:00.000Z'],
]);
export const sessionLookup = template(
  (await record((db) => sessionsRepo.findStaffAccountInSession(db, 'user-stand-in', 'family-stand-in', '1999-01-01T00:00:00.000Z'))).log[0],
  SESSION_ROLES,
);
export const sessionTouch = template(
  (await record((db) => sessionsRepo.touchFamily(db, 'family-stand-in', '1999-01-02T00:00:00.000Z', '1999-01-03T00:00:00.000Z'))).log[0],
  SESSION_ROLES,
);

// The status check: three rate-limit counters, the passport lookup, one audit row, the failures'
// counter and the case.
const COUNTER_ROLES = new Map([
  ['key', 'counter-stand-in'],
  ['now', 1_000_000_123],
  ['expired', 1_000_000_123 - 1000],
]);
export const counterHit = template((await record((db) => countHit(db, 'counter-stand-in', 1_000_000_123, 1000))).log[0], COUNTER_ROLES);
counterHit.statement = counterHit.statement.safeIntegers(false);
// A hit forgets the address group's failures on the passport (a miss counts one with counterHit).
export const counterForget = template((await record((db) => deleteCounter(db, 'counter-stand-in'))).log[0], COUNTER_ROLES);
// On a hit, the case as the status check tells it: its stage, the office's stage names, the open
// letter waiting on the applicant.
export const publicCaseLookup = template(
  (await record((db) => caseWorkRepo.findPublicCase(db, 'application-stand-in', WAITING_KINDS))).log[0],
  new Map([['applicationId', 'application-stand-in']]),
);
// The stored fields of the copy: its photo's link and the countries' codes are made from them.
export const COPY_FIELDS = Object.keys(EnquiryApplicationSchema.shape).filter((f) => Object.hasOwn(APPLICATION_COLUMNS, f));
const PASSPORT_ROLES = new Map([['passport', 'PASSPORT-STAND-IN']]);
export const passportLookup = template(
  (await record((db) => appsRepo.findByPassport(db, 'PASSPORT-STAND-IN', COPY_FIELDS))).log[0],
  PASSPORT_ROLES,
);
const AUDIT_ROLES = new Map([
  ['action', 'action-stand-in'],
  ['entity', 'entity-stand-in'],
  ['entityId', 'entity-id-stand-in'],
  ['details', '{"details":"stand-in"}'],
]);
const auditRecorded = (
  await record((db) =>
    recordAudit(db, {
      actorUserId: null,
      action: 'action-stand-in',
      entity: 'entity-stand-in',
      entityId: 'entity-id-stand-in',
      details: { details: 'stand-in' },
    }),
  )
).log[0];
// The stand-in rows written while recording are removed again.
sqlite.prepare("delete from audit_events where action = 'action-stand-in'").run();
sqlite.prepare("delete from rate_limits where key = 'counter-stand-in'").run();
// The id and the time are made per row: the id is the one 24-hex value, the time the ISO one.
auditRecorded.parameters = auditRecorded.parameters.map((p) =>
  typeof p === 'string' && /^[0-9a-f]{24}$/.test(p)
    ? 'id-stand-in'
    : typeof p === 'string' && /^\d{4}-\d\d-\d\dT/.test(p)
      ? 'at-stand-in'
      : p,
);
AUDIT_ROLES.set('id', 'id-stand-in').set('at', 'at-stand-in');
export const auditInsert = template(auditRecorded, AUDIT_ROLES);
