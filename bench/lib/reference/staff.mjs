// The staff side of the reference: the access check of every staff request and a page of the list.
import {
  APPLICATION_COLUMNS,
  withCountryNames,
  BACKGROUND_HEADER,
  BACKGROUND_VALUE,
  DOCUMENT_LABELS,
  SESSION_ACTIVITY_WRITE_SECONDS,
  config,
} from './product.mjs';
import { sign, verifyToken } from './crypto.mjs';
import { LIST_ROLES, balancesStatement, documentsStatement, plain, searched, sessionLookup, sessionTouch } from './statements.mjs';

const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
const absoluteMs = config.SESSION_ABSOLUTE_HOURS * 3_600_000;

/** The signed-in user, or null (401): the same reads and the same conditional write as the product's check. */
export function authenticate(req) {
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
  app.anonymised = row.anonymised_at !== null;
  app.stage = row.stage;
  return app;
}

export function listPage(params) {
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
  const owed = new Map();
  if (rows.length > 0) {
    const ids = rows.map((r) => r.id);
    for (const d of documentsStatement(rows.length).all(ids)) {
      const list = byApplication.get(d.application_id) ?? [];
      list.push(d);
      byApplication.set(d.application_id, list);
    }
    for (const b of balancesStatement(rows.length).all(ids)) owed.set(b.application_id, Number(b.due_minor));
  }
  return {
    applications: rows.map((r) => ({ ...toApplication(r, byApplication.get(r.id) ?? []), balanceMinor: owed.get(r.id) ?? 0 })),
    totalApplication: total,
    totalPages: Math.ceil(total / limit),
    page,
    totalCapped,
    // The keyset cursor of the page after a full one (ADR 0028).
    nextCursor: rows.length === limit ? Buffer.from(`${rows.at(-1).created_at}|${rows.at(-1).id}`).toString('base64url') : null,
  };
}
