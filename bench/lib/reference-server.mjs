// The same-work reference (bench/README.md "1. Same-work reference"): a bare node:http server
// that answers four of the product's routes doing the work the product must do for them and
// nothing else. Run as a child process by bench/reference.mjs on the product's own SQLite file:
//   GET /api/users/me                                   bearer token + session check, the user
//   GET /api/application/fetchApplication?page&limit[&search]   the staff list / a search
//   GET /api/application/fetchApplicationEnquiry?search&search1&search2[&limit]   the status check
//
// The SQL is not copied: at start-up the product's own repository functions (apps/api/dist) run
// once against a Kysely that records what it sends, with recognisable stand-in values; each
// recorded statement is then prepared with better-sqlite3 and its parameters bound by which
// stand-in they carried. So when the product's queries change, the reference runs the new ones.
// Per request there is no Kysely, no Fastify, no zod: URL parsing, the product's own JWT check (an
// HMAC), prepared statements, JSON.stringify, and the product's security headers as one constant list.
//
// Environment: PORT, HOST, DATA_DIR, APP_SECRET (as the product's), TRUST_PROXY (a hop count or
// unset), REFERENCE_HEADERS (JSON: the headers the product puts on an API answer).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { root } from './processes.mjs';

const dist = (p) => import(pathToFileURL(path.join(root, p)).href);
// The API's own Kysely, only to record the SQL its repository functions send (never per request).
const { Kysely, SqliteDialect } = await import(
  pathToFileURL(createRequire(path.join(root, 'apps/api/package.json')).resolve('kysely')).href
);
const { loadConfig } = await dist('apps/api/dist/config.js');
const { deriveKey } = await dist('apps/api/dist/lib/secret.js');
const { verifyJwt } = await dist('apps/api/dist/lib/jwt.js');
const appsRepo = await dist('apps/api/dist/modules/applications/repository.js');
const appsPaging = await dist('apps/api/dist/modules/applications/paging-repository.js');
const { APPLICATION_COLUMNS, withCountryNames } = await dist('apps/api/dist/modules/applications/mapping.js');
const sessionsRepo = await dist('apps/api/dist/modules/auth/repository.js');
const { countHit } = await dist('apps/api/dist/modules/rate-limits/repository.js');
const { recordAudit } = await dist('apps/api/dist/modules/audit/repository.js');
const { ceilingDelayMs } = await dist('apps/api/dist/modules/rate-limits/ceiling.js');
const { LIMITS } = await dist('packages/shared/dist/limits.js');
const { normalizePassport } = await dist('packages/shared/dist/applications.js');
const { EnquiryApplicationSchema } = await dist('packages/shared/dist/enquiry.js');
// A nationality as the product compares it: the country's code however it is written (ADR 0024).
const { countryKey } = await dist('packages/shared/dist/country-matching.js');
const { DOCUMENT_LABELS } = await dist('packages/shared/dist/constants.js');
const { BACKGROUND_HEADER, BACKGROUND_VALUE, SESSION_ACTIVITY_WRITE_SECONDS } = await dist('packages/shared/dist/session.js');
const { SERVER } = await dist('packages/shared/dist/messages.js');

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const secret = process.env.APP_SECRET;
if (!secret) throw new Error('reference server: APP_SECRET is required');
const hops = Number(process.env.TRUST_PROXY || 0);
const extraHeaders = Object.entries(JSON.parse(process.env.REFERENCE_HEADERS ?? '{}'));

const sqlite = new SQLite(config.database.file);
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = NORMAL');
sqlite.pragma('foreign_keys = ON');
sqlite.pragma('busy_timeout = 5000');

// ---------------------------------------------------------------------------------------------
// Recording the product's SQL
// ---------------------------------------------------------------------------------------------

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
  throw new Error(`reference server: ${what} (the product's SQL changed shape; adapt bench/lib/reference-server.mjs)`);
};

// The staff list: a page with no search, then a search, with stand-in page, limit and search.
const LIST_ROLES = (term, limit, offset) =>
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
  return { listing, documents: documentsAt === -1 ? null : log[documentsAt] };
}
const plain = await recordList('');
const searched = await recordList('Qz7');
if (!plain.documents) fail('the documents of a page were not read (is the table empty?)');

// The documents of a page: `in (?, …)` with one placeholder per row, prepared once per row count.
const docsRecorded = plain.documents;
const docsTemplates = new Map();
function documentsStatement(n) {
  let statement = docsTemplates.get(n);
  if (!statement) {
    const sql = docsRecorded.sql.replace(/in \((\?(, )?)+\)/, `in (${Array.from({ length: n }, () => '?').join(', ')})`);
    if (sql === docsRecorded.sql && n !== docsRecorded.parameters.length) fail('no `in (?, …)` list in the documents query');
    statement = sqlite.prepare(sql);
    docsTemplates.set(n, statement);
  }
  return statement;
}

// The session check of every staff request, and the activity write at most every 30 s (ADR 0018).
const SESSION_ROLES = new Map([
  ['userId', 'user-stand-in'],
  ['familyId', 'family-stand-in'],
  ['now', '1999-01-01T00:00:00.000Z'],
  ['at', '1999-01-02T00:00:00.000Z'],
  ['notAfter', '1999-01-03T00:00:00.000Z'],
]);
const sessionLookup = template(
  (await record((db) => sessionsRepo.findStaffAccountInSession(db, 'user-stand-in', 'family-stand-in', '1999-01-01T00:00:00.000Z'))).log[0],
  SESSION_ROLES,
);
const sessionTouch = template(
  (await record((db) => sessionsRepo.touchFamily(db, 'family-stand-in', '1999-01-02T00:00:00.000Z', '1999-01-03T00:00:00.000Z'))).log[0],
  SESSION_ROLES,
);

// The status check: three rate-limit counters, the passport lookup, one audit row.
const COUNTER_ROLES = new Map([
  ['key', 'counter-stand-in'],
  ['now', 1_000_000_123],
  ['expired', 1_000_000_123 - 1000],
]);
const counterHit = template((await record((db) => countHit(db, 'counter-stand-in', 1_000_000_123, 1000))).log[0], COUNTER_ROLES);
counterHit.statement = counterHit.statement.safeIntegers(false);
// The stored fields of the copy: its photo's link and the countries' codes are made from them.
const COPY_FIELDS = Object.keys(EnquiryApplicationSchema.shape).filter((f) => Object.hasOwn(APPLICATION_COLUMNS, f));
const PASSPORT_ROLES = new Map([['passport', 'PASSPORT-STAND-IN']]);
const passportLookup = template(
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
const auditInsert = template(auditRecorded, AUDIT_ROLES);

// ---------------------------------------------------------------------------------------------
// The work per request, written out plainly
// ---------------------------------------------------------------------------------------------

const b64 = (key) => key.toString('base64url');
const accessKey = deriveKey(secret, 'access-token');

const verifiedTokens = new Map();

/** The product's token check, remembering a token that verified until its expiry as the product does. */
function verifyToken(header) {
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  const known = verifiedTokens.get(token);
  if (known && known.expiresAtMs > Date.now()) return known.claims;
  if (known) verifiedTokens.delete(token);
  const checked = checkToken(token);
  if (!checked) return null;
  const claims = { userId: checked.userId, familyId: checked.familyId };
  if (verifiedTokens.size >= 10_000) verifiedTokens.clear();
  verifiedTokens.set(token, { claims, expiresAtMs: checked.exp * 1000 });
  return claims;
}

/** The product's own JWT check (plain node:crypto, no framework), and the claims the access check needs. */
function checkToken(token) {
  const claims = verifyJwt(accessKey, token);
  if (!claims || typeof claims.sid !== 'string') return null;
  return { userId: claims.sub, familyId: claims.sid, exp: claims.exp };
}

const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
const absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;

/** The signed-in user, or null (401): the same reads and the same conditional write as the product's check. */
function authenticate(req) {
  const claims = verifyToken(req.headers.authorization);
  if (!claims) return null;
  const now = new Date();
  const nowIso = now.toISOString();
  const row = sessionLookup.statement.get(sessionLookup.bind({ userId: claims.userId, familyId: claims.familyId, now: nowIso }));
  if (!row || row.ended_at !== null || !row.has_live_token) return null;
  const t = now.getTime();
  const absolute = Math.min(Date.parse(row.expires_at), Date.parse(row.started_at) + absoluteMs);
  if (t >= Date.parse(row.last_active_at) + idleMs || t >= absolute) return null;
  if (req.headers[BACKGROUND_HEADER] !== BACKGROUND_VALUE && t - Date.parse(row.last_active_at) >= SESSION_ACTIVITY_WRITE_SECONDS * 1000) {
    sessionTouch.statement.run(
      sessionTouch.bind({
        familyId: claims.familyId,
        at: nowIso,
        notAfter: new Date(t - SESSION_ACTIVITY_WRITE_SECONDS * 1000).toISOString(),
      }),
    );
  }
  return { _id: row.id, name: row.name, email: row.email, role: row.role };
}

const fileKey = deriveKey(secret, 'file-url');
const recentUrls = new Map();
/** The product's signed file URL, remembered within its expiry minute as the product does. */
function sign(key) {
  const exp = Math.ceil((Date.now() / 1000 + 15 * 60) / 60) * 60;
  const cacheKey = `${exp}\n${key}`;
  let url = recentUrls.get(cacheKey);
  if (!url) {
    url = `/files/${key}?exp=${exp}&sig=${b64(createHmac('sha256', fileKey).update(`${key}\n${exp}`).digest())}`;
    if (recentUrls.size >= 10_000) recentUrls.clear();
    recentUrls.set(cacheKey, url);
  }
  return url;
}

const FIELDS = Object.entries(APPLICATION_COLUMNS);
const LABELS = new Set(DOCUMENT_LABELS);

function toApplication(row, docs) {
  const stored = {};
  for (const [field, column] of FIELDS) stored[field] = row[column];
  const app = withCountryNames(stored);
  const documents = docs.map((d) => ({
    _id: d.id,
    label: LABELS.has(d.label) ? d.label : 'Other',
    url: sign(d.storage_key),
    publicId: d.storage_key,
    contentType: d.content_type,
    size: Number(d.size),
    createdAt: d.created_at,
  }));
  app.image = row.image_key ? sign(row.image_key) : null;
  app.thumbnail = row.thumb_key ? sign(row.thumb_key) : null;
  app.file1 = documents.map((d) => d.url);
  app.file1PublicId = documents.map((d) => d.publicId);
  app.documents = documents;
  app.isAdmin = Number(row.is_admin) === 1;
  return app;
}

function listPage(params) {
  const page = Number(params.get('page') ?? 1);
  const limit = Number(params.get('limit') ?? 10);
  const term = (params.get('search') ?? '').trim();
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > 100 || term.length > 100) return null;
  const { listing } = term ? searched : plain;
  const values = { ...Object.fromEntries(LIST_ROLES(term || 'x', limit, (page - 1) * limit)) };
  let rows = [];
  let total = 0;
  let totalCapped = false;
  for (const t of listing) {
    const result = t.statement.all(t.bind(values));
    if (t.kind === 'rows') rows = result;
    // The kept counts (one row per status) without a search; the matches counted up to a cap with one.
    else if (t.kind === 'kept counts') total = result.reduce((sum, r) => sum + Number(r.n), 0);
    else if (t.countCap !== undefined && Number(result[0].n) > t.countCap) [total, totalCapped] = [t.countCap, true];
    else total = Number(result[0].n);
  }
  const byApplication = new Map();
  if (rows.length > 0) {
    for (const d of documentsStatement(rows.length).all(rows.map((r) => r.id))) {
      const list = byApplication.get(d.application_id) ?? [];
      list.push(d);
      byApplication.set(d.application_id, list);
    }
  }
  return {
    applications: rows.map((r) => toApplication(r, byApplication.get(r.id) ?? [])),
    totalApplication: total,
    totalPages: Math.ceil(total / limit),
    page,
    totalCapped,
    // The keyset cursor of the page after a full one (ADR 0028).
    nextCursor: rows.length === limit ? Buffer.from(`${rows.at(-1).created_at}|${rows.at(-1).id}`).toString('base64url') : null,
  };
}

const enquiryKey = deriveKey(secret, 'enquiry-audit');
const hash = (value) => createHmac('sha256', enquiryKey).update(value).digest('base64url').slice(0, 32);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
let idCounter = 0;
const idProcess = Buffer.from(String(process.pid).padStart(5, '0').slice(-5)).toString('hex').slice(0, 10);
const newId = (now) =>
  Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0') +
  idProcess +
  (idCounter = (idCounter + 1) % 0x1000000).toString(16).padStart(6, '0');

const { perAddress: PER_ADDRESS, perPassportAndAddress: PER_PASSPORT_AND_ADDRESS, perPassport: CEILING } = LIMITS.statusCheck;
const MIN_RESPONSE_MS = 150;

function hitCounter(key, windowMs) {
  const now = Date.now();
  return counterHit.statement.get(counterHit.bind({ key, now, expired: now - windowMs })).count;
}

function audit(action, entityId, details) {
  const now = Date.now();
  auditInsert.statement.run(
    auditInsert.bind({
      id: newId(now),
      at: new Date(now).toISOString(),
      action,
      entity: 'enquiry',
      entityId,
      details: JSON.stringify(details),
    }),
  );
}

/** The status check: answers [status, body, delayMs]. */
function enquire(params, client) {
  const started = performance.now();
  const search = params.get('search')?.trim() ?? '';
  const search1 = params.get('search1')?.trim() ?? '';
  const dob = params.get('search2')?.trim() ?? '';
  const limit = Number(params.get('limit') ?? 10);
  if (!search || !search1 || !ISO_DATE.test(dob) || !(limit >= 1 && limit <= 10)) return [400, { message: 'Bad request' }, 0];
  const passport = normalizePassport(search);
  const nationality = countryKey(search1);
  if (hitCounter(`enquiry:ip:${client}`, PER_ADDRESS.windowMs) > PER_ADDRESS.limit) return [429, { message: SERVER.tooManyRequests }, 0];
  if (
    hitCounter(`enquiry:passport-ip:${hash(`${passport}\n${client}`)}`, PER_PASSPORT_AND_ADDRESS.windowMs) > PER_PASSPORT_AND_ADDRESS.limit
  ) {
    return [429, { message: SERVER.tooManyRequests }, 0];
  }
  const across = hitCounter(`enquiry:passport:${hash(passport)}`, CEILING.windowMs);
  const delayMs = ceilingDelayMs(across, CEILING);
  if (across === CEILING.limit + 1) {
    audit('enquiry.slowed', null, { passport: hash(passport), client: hash(client), attempts: CEILING.limit, delayMs });
  }
  const row = passportLookup.statement.get(passportLookup.bind({ passport }));
  const match = row && row.dob === dob && countryKey(row.current_nationality) === nationality ? row : null;
  audit(match ? 'enquiry.match' : 'enquiry.miss', match?.id ?? null, {
    inputs: hash(`${passport}\n${nationality}\n${dob}`),
    passport: hash(passport),
    client: hash(client),
  });
  let applications = [];
  if (match) {
    const stored = {};
    for (const field of COPY_FIELDS) stored[field] = match[APPLICATION_COLUMNS[field]];
    // Countries as every answer of the product gives them: English names, codes beside (ADR 0035).
    const copy = withCountryNames(stored);
    copy.image = match.image_key ? sign(match.image_key) : null;
    applications = [copy];
  }
  return [200, { applications }, delayMs + MIN_RESPONSE_MS - (performance.now() - started)];
}

/** The client address as the product reads it: the peer, or with TRUST_PROXY=n the n-th X-Forwarded-For entry from the right. */
function clientOf(req) {
  if (!hops) return req.socket.remoteAddress;
  const chain = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - hops] ?? chain[0] ?? req.socket.remoteAddress;
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of extraHeaders) res.setHeader(name, value);
  // The anti-forgery cookie for a client that does not hold one yet (ADR 0005), as the product does.
  if (!res.req.headers.cookie?.includes('XSRF-TOKEN=')) {
    res.setHeader('set-cookie', `XSRF-TOKEN=${randomBytes(24).toString('base64url')}; Path=/; SameSite=Strict`);
  }
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(json));
  res.end(json);
}

const unauthorized = { message: SERVER.unauthorized };

http
  .createServer((req, res) => {
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    const params = new URLSearchParams(q === -1 ? '' : req.url.slice(q + 1));
    try {
      if (pathname === '/api/health') return send(res, 200, { status: 'ok' });
      if (pathname === '/api/application/fetchApplicationEnquiry') {
        const [status, body, waitMs] = enquire(params, clientOf(req));
        if (waitMs > 0) setTimeout(send, waitMs, res, status, body);
        else send(res, status, body);
        return undefined;
      }
      if (pathname === '/api/users/me' || pathname === '/api/application/fetchApplication') {
        const user = authenticate(req);
        if (!user) return send(res, 401, unauthorized);
        if (pathname === '/api/users/me') return send(res, 200, user);
        const page = listPage(params);
        return page ? send(res, 200, page) : send(res, 400, { message: 'Bad request' });
      }
      return send(res, 404, { message: 'Not found' });
    } catch (err) {
      process.stderr.write(`reference server: ${err.stack}\n`);
      return send(res, 500, { message: 'Internal error' });
    }
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
