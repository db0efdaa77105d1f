// The same-work reference for bench/uploads.mjs: the tus requests an upload needs (POST, PATCH,
// HEAD) on a bare node:http server doing every check the product does, on the product's own SQLite
// file (DATA_DIR) with its secret (APP_SECRET), with plain prepared statements:
// - every request: the address is exactly the endpoint or an upload's, no tus extension header;
//   the per-address request counter (one upsert) and the bad-token counter (one read); the token's
//   hash looked up as a working request, and the applicant not erased or withdrawn (one read each);
// - POST: the item named by the metadata is one of the request's, still to send, its limit not
//   exceeded by Upload-Length; the per-token and per-address upload counters; the upload's row;
// - HEAD and PATCH: the upload is the token's, for an item of its request (still to send for PATCH);
//   PATCH checks its offset and content type and takes no byte beyond the upload's length;
// - at the last byte: the staged file read back as the product reads it (its withStagedBytes: one
//   buffer lent to one upload at a time) and read through with the product's own readThrough (type
//   from its bytes, a PDF parsed), written into the storage folder (a temporary file, then a
//   rename), then in one transaction the applicant checked again, the item moved to received only
//   if still open, the upload marked finished, an audit row added and staff's alert turn for the
//   hour taken (the email it queues once an hour is left out); the staging file removed.
// What it leaves out: Fastify (routing, hooks, the security headers, the request log at warn), the
// tus library (its web streams, the JSON record beside each staged file, its lock) and Kysely.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { root } from './processes.mjs';

const dist = (p) => import(pathToFileURL(path.join(root, p)).href);
const { readThrough } = await dist('apps/api/dist/modules/domain/document-requests/readable-file.js');
const { withStagedBytes } = await dist('apps/api/dist/modules/domain/document-requests/upload-buffer.js');
const { keyedHasher } = await dist('apps/api/dist/lib/secret.js');
const { addressGroup } = await dist('apps/api/dist/modules/kernel/rate-limits/client-group.js');
const { newId } = await dist('apps/api/dist/lib/ids.js');
const { LIMITS } = await dist('packages/shared/dist/limits.js');

const dir = process.env.REFERENCE_DIR;
const staging = path.join(dir, 'staging');
const storage = path.join(dir, 'storage');
for (const folder of [staging, storage, path.join(storage, '.tmp')]) fs.mkdirSync(folder, { recursive: true });
const db = new SQLite(path.join(process.env.DATA_DIR, 'visa.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');

const keyHash = keyedHasher(process.env.APP_SECRET, 'rate-limit-keys');
const key = (scope, value) => `${scope}:${keyHash(value)}`;
const {
  badTokensPerAddress: BAD,
  requestsPerAddress: REQUESTS,
  uploadsPerToken: PER_TOKEN,
  uploadsPerAddress: PER_ADDRESS,
} = LIMITS.documentsPage;

const sql = {
  hit: db.prepare(
    `insert into rate_limits (key, window_start, count) values (?, ?, 1) on conflict (key) do update set
       count = case when rate_limits.window_start <= ? then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start <= ? then ? else rate_limits.window_start end
     returning count`,
  ),
  peek: db.prepare('select count from rate_limits where key = ? and window_start > ?').pluck(),
  request: db.prepare('select * from document_requests where token_hash = ? and ended_at is null and expires_at > ?'),
  applicant: db.prepare(
    `select applications.id, consent_withdrawn_at, anonymised_at, message_consents.channels from applications
     left join message_consents on message_consents.application_id = applications.id where applications.id = ?`,
  ),
  item: db.prepare('select * from document_request_items where request_id = ? and id = ?'),
  upload: db.prepare('select * from document_uploads where id = ?'),
  insertUpload: db.prepare(
    'insert into document_uploads (id, request_id, item_id, length, created_at, finished_at) values (?, ?, ?, ?, ?, null)',
  ),
  moveItem: db.prepare(
    `update document_request_items set storage_key = ?, content_type = ?, size = ?, received_at = ?, reason = null, state = 'received', updated_at = ?
     where id = ? and state in ('to_send', 'asked_again')`,
  ),
  finishUpload: db.prepare('update document_uploads set finished_at = ? where id = ?'),
  audit: db.prepare('insert into audit_events (id, actor_user_id, action, entity, entity_id, at, details) values (?, null, ?, ?, ?, ?, ?)'),
  alertTurn: db.prepare(
    `insert into upload_alerts (application_id, alerted_at) values (?, ?)
     on conflict (application_id) do update set alerted_at = excluded.alerted_at where upload_alerts.alerted_at <= ?`,
  ),
};
const ALERT_GAP_MS = 60 * 60_000;

class Refusal extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function hit(name, value, limit, windowMs) {
  const now = Date.now();
  const count = sql.hit.get(key(name, value), now, now - windowMs, now - windowMs, now).count;
  if (count > limit) throw new Refusal(429, 'too many');
}

const withheld = (applicationId) => {
  const row = sql.applicant.get(applicationId);
  return !row || row.consent_withdrawn_at || row.anonymised_at;
};

/** The checks of every request before its method's own: the product's openRequestOf. */
function openRequest(req) {
  const client = addressGroup(req.socket.remoteAddress, 64);
  hit('documents:ip', client, REQUESTS.limit, REQUESTS.windowMs);
  if ((sql.peek.get(key('documents:bad-token:ip', client), Date.now() - BAD.windowMs) ?? 0) >= BAD.limit)
    throw new Refusal(429, 'too many');
  const token = req.headers['x-document-token'];
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Refusal(404, 'link');
  const request = sql.request.get(createHash('sha256').update(token).digest('hex'), new Date().toISOString());
  if (!request || withheld(request.application_id)) throw new Refusal(404, 'link');
  return { request, client };
}

const ALLOWED = { POST: ['upload-length', 'upload-metadata'], PATCH: ['upload-offset'], HEAD: [] };
function refuseExtensions(method, headers) {
  for (const name of Object.keys(headers)) {
    const tus = (name.startsWith('upload-') || name.startsWith('tus-')) && name !== 'tus-resumable';
    if ((tus && !ALLOWED[method].includes(name)) || name === 'x-http-method-override') throw new Refusal(400, name);
  }
}

function itemOf(header) {
  for (const pair of (header ?? '').split(',')) {
    const [name, value] = pair.trim().split(' ');
    if (name === 'item' && value) return Buffer.from(value, 'base64').toString('utf8');
  }
  return null;
}

const open = (item) => item && (item.state === 'to_send' || item.state === 'asked_again');
const offsets = new Map();

function create(req, res, { request, client }) {
  const length = Number(req.headers['upload-length']);
  if (!Number.isSafeInteger(length) || length <= 0) throw new Refusal(400, 'length');
  const itemId = itemOf(req.headers['upload-metadata']);
  const item = itemId && sql.item.get(request.id, itemId);
  if (!open(item)) throw new Refusal(409, 'not open');
  if (length > item.max_bytes) throw new Refusal(413, 'too large');
  hit('documents:uploads:token', request.id, PER_TOKEN.limit, PER_TOKEN.windowMs);
  hit('documents:uploads:ip', client, PER_ADDRESS.limit, PER_ADDRESS.windowMs);
  const id = randomBytes(16).toString('hex');
  sql.insertUpload.run(id, request.id, item.id, length, new Date().toISOString());
  fs.writeFileSync(path.join(staging, id), '');
  offsets.set(id, 0);
  res.writeHead(201, { location: `/api/uploads/${id}`, 'tus-resumable': '1.0.0', 'cache-control': 'no-store' });
  res.end();
}

/** The upload is the token's, for an item of its request: the product's assertUploadOf. */
function uploadOf(request, id, writing) {
  const upload = sql.upload.get(id);
  const item = upload?.request_id === request.id ? sql.item.get(request.id, upload.item_id) : undefined;
  if (!upload || !item) throw new Refusal(404, 'link');
  if (writing && !open(item)) throw new Refusal(409, 'not open');
  return { upload, item };
}

async function finish(id, { upload, item }, request) {
  // Read back as the product reads it (its upload-buffer.js), kept in storage before the bytes are let go.
  const stored = await withStagedBytes(path.join(staging, id), async (bytes) => {
    const { file } = await readThrough(bytes, JSON.parse(item.types));
    if (!file) return null;
    const storageKey = `received-${newId()}.pdf`;
    const temp = path.join(storage, '.tmp', randomBytes(12).toString('hex'));
    await fsp.writeFile(temp, file.bytes, { mode: 0o600 });
    await fsp.rename(temp, path.join(storage, storageKey));
    return { storageKey, type: file.type, size: file.bytes.length };
  });
  if (!stored) throw new Refusal(415, 'wrong type');
  const at = new Date().toISOString();
  const moved = db.transaction(() => {
    if (withheld(request.application_id)) return false;
    if (sql.moveItem.run(stored.storageKey, stored.type, stored.size, at, at, item.id).changes !== 1) return false;
    sql.finishUpload.run(at, upload.id);
    const details = JSON.stringify({ item: item.label_en, type: stored.type, size: stored.size });
    sql.audit.run(newId(), 'document_request.received', 'application', request.application_id, at, details);
    // Staff's alert, at most one an hour per application: the turn is taken here; the email it would
    // queue is left out (the product's warm-up upload takes the bench's one turn of the hour).
    sql.alertTurn.run(request.application_id, at, new Date(Date.parse(at) - ALERT_GAP_MS).toISOString());
    return true;
  })();
  await fsp.rm(path.join(staging, id));
  if (!moved) throw new Refusal(409, 'not open');
}

function patch(req, res, id, found, request) {
  const offset = offsets.get(id);
  if (req.headers['content-type'] !== 'application/offset+octet-stream') throw new Refusal(415, 'content type');
  if (Number(req.headers['upload-offset']) !== offset) throw new Refusal(409, 'offset');
  const length = found.upload.length;
  const out = fs.createWriteStream(path.join(staging, id), { flags: 'r+', start: offset });
  let now = offset;
  req.on('data', (chunk) => {
    now += chunk.length;
    if (now > length) req.destroy();
  });
  req.pipe(out);
  out.on('finish', async () => {
    offsets.set(id, now);
    try {
      if (now === length) await finish(id, found, request);
      res.writeHead(204, { 'upload-offset': String(now), 'tus-resumable': '1.0.0', 'cache-control': 'no-store' });
      res.end();
    } catch (err) {
      answer(res, err);
    }
  });
}

function answer(res, err) {
  if (!(err instanceof Refusal)) console.error(err);
  res.writeHead(err.status ?? 500, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: err.message }));
}

const UPLOAD = /^\/api\/uploads\/([a-f0-9]{32})$/;

http
  .createServer((req, res) => {
    if (req.url === '/health') return res.end('ok');
    try {
      const id = req.url === '/api/uploads' ? null : (UPLOAD.exec(req.url)?.[1] ?? undefined);
      if (id === undefined) throw new Refusal(400, 'address');
      refuseExtensions(req.method, req.headers);
      const opened = openRequest(req);
      if (id === null) {
        if (req.method !== 'POST') throw new Refusal(405, 'method');
        return create(req, res, opened);
      }
      const found = uploadOf(opened.request, id, req.method === 'PATCH');
      if (req.method === 'HEAD') {
        res.writeHead(200, {
          'upload-offset': String(offsets.get(id)),
          'upload-length': String(found.upload.length),
          'cache-control': 'no-store',
        });
        return res.end();
      }
      if (req.method !== 'PATCH') throw new Refusal(405, 'method');
      return patch(req, res, id, found, opened.request);
    } catch (err) {
      req.resume();
      return answer(res, err);
    }
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
