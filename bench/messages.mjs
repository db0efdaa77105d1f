// The status-message queue (ADR 0044): MESSAGES applications, each agreeing to SMS, are approved
// through the API; the built server queues one message each, due when the status has settled for a
// minute, and its worker sends them to an SMS aggregator on loopback (a bare node:http server
// answering at once). Timed from the first message received to the last: the queue's drain rate. The same-work reference, run on
// a copy of the same database: for each queued application, read its first name and number, fill
// the same template, POST it to the same aggregator, then mark it sent and add a history row, in
// transactions of the worker's batch size, one message at a time as the worker sends them.
//
// Prints both rates in messages/s and the ratio product ÷ reference. Exit 1 when the product loses or doubles a message, or its rate is under
// MIN_RATE messages/s.
//
//   npm run build && node bench/messages.mjs
//   MESSAGES (200), MIN_RATE (50)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { freePort, startServer } from './lib/processes.mjs';
import { seedApplications } from './lib/seed-applications.mjs';

const MESSAGES = Number(process.env.MESSAGES ?? 200);
const MIN_RATE = Number(process.env.MIN_RATE ?? 50);
const SECRET = 'm'.repeat(40);
const BATCH = 20;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-messages-'));
const dataDir = path.join(work, 'data');

/**
 * A zone where it is now mid-afternoon, so no message waits for quiet hours to end (they always
 * cover midnight to eight in the morning).
 */
function daytimeZone() {
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    if (hour >= 12 && hour < 17) return zone;
  }
  throw new Error('no time zone in the afternoon');
}

/** The aggregator: counts what it is sent, per number, and says when `expected` have come. */
async function startAggregator() {
  const port = await freePort();
  const received = new Map();
  let total = 0;
  let firstAt = null;
  let waiting = null;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const to = new URLSearchParams(body).get('to');
      received.set(to, (received.get(to) ?? 0) + 1);
      total += 1;
      firstAt ??= process.hrtime.bigint();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'ok', id: randomBytes(6).toString('hex') }));
      if (waiting && total >= waiting.expected) waiting.resolve(process.hrtime.bigint());
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    firstAt: () => firstAt,
    reset: () => {
      received.clear();
      total = 0;
      firstAt = null;
    },
    until: (expected) => new Promise((resolve) => (waiting = total >= expected ? resolve(process.hrtime.bigint()) : { expected, resolve })),
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The applications that will be approved, agreeing to SMS, with numbers as the product stores them (E.164). */
function prepare(file) {
  const db = new SQLite(file);
  const ids = db.prepare("select id from applications where status = 'pending' order by id limit ?").pluck().all(MESSAGES);
  const now = new Date().toISOString();
  const agreement = db.prepare(
    "insert into message_consents (application_id, channels, updated_at, updated_by) values (?, 'email,sms', ?, null)",
  );
  db.transaction(() => {
    for (const id of ids) agreement.run(id, now);
    db.prepare("update applications set phone = '+' || phone where phone not like '+%'").run();
  })();
  db.close();
  return ids;
}

/** The same work without the product: what any sender of these messages must at least do. */
async function reference(file, ids, aggregator) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec('create table reference_outbox (id text primary key, application_id text, status text, sent_at text)');
  const queue = db.prepare("insert into reference_outbox values (?, ?, 'queued', null)");
  db.transaction(() => ids.forEach((id) => queue.run(randomBytes(12).toString('hex'), id)))();
  const claim = db.prepare(
    `select o.id, o.application_id, a.given_name, a.phone from reference_outbox o join applications a on a.id = o.application_id
     where o.status = 'queued' limit ?`,
  );
  const sent = db.prepare("update reference_outbox set status = 'sent', sent_at = ? where id = ?");
  const history = db.prepare(
    "insert into audit_events (id, actor_user_id, action, entity, entity_id, details, at) values (?, null, 'message.sent', 'application', ?, ?, ?)",
  );
  const started = process.hrtime.bigint();
  for (;;) {
    const rows = claim.all(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const text = `Dear ${row.given_name}, your visa application was Approved. Check it at http://bench.invalid/ or call +8801700000000. Office`;
      const res = await fetch(aggregator.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ to: row.phone.slice(1), text }).toString(),
      });
      const answer = await res.text();
      const at = new Date().toISOString();
      db.transaction(() => {
        sent.run(at, row.id);
        history.run(randomBytes(12).toString('hex'), row.application_id, JSON.stringify({ via: 'http', answer: answer.slice(0, 40) }), at);
      })();
    }
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  db.close();
  return ids.length / seconds;
}

let product;
let aggregator;
try {
  const { token } = await seedApplications({ dataDir, secret: SECRET, count: MESSAGES * 4, role: 'superadmin' });
  const file = path.join(dataDir, 'visa.sqlite');
  const ids = prepare(file);
  const copy = path.join(work, 'reference.sqlite');
  fs.copyFileSync(file, copy);
  aggregator = await startAggregator();
  product = await startServer({
    DATA_DIR: dataDir,
    APP_SECRET: SECRET,
    PUBLIC_URL: 'http://bench.invalid',
    APP_TIMEZONE: daytimeZone(),
    // Every message waits for its status to settle, so all are queued before the first is sent.
    NOTIFY_SETTLE_MINUTES: '1',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: aggregator.url,
    SMS_HTTP_PARAMS: 'to={to}&text={text}',
  });
  // The anti-forgery pair every unsafe staff request carries (ADR 0005).
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec((await fetch(`${product.base}/api/health`)).headers.get('set-cookie'))[1];
  const headers = {
    authorization: `Bearer ${token}`,
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': xsrf,
    'content-type': 'application/json',
  };
  // SMS is turned on only once the office phone the texts give is set (ADR 0070).
  const contact = await fetch(`${product.base}/api/users/settings/office-contact`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ phone: '+8801711223344' }),
  });
  if (!contact.ok) throw new Error(`office contact: ${contact.status} ${await contact.text()}`);
  const { settings } = await (await fetch(`${product.base}/api/users/settings/messages`, { headers })).json();
  const turnedOn = await fetch(`${product.base}/api/users/settings/messages`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, channels: { ...settings.channels, sms: true } }),
  });
  if (!turnedOn.ok) throw new Error(`settings: ${turnedOn.status} ${await turnedOn.text()}`);

  for (const id of ids) {
    const res = await fetch(`${product.base}/api/application/updateApplicationApprove/${id}`, { method: 'PUT', headers, body: '{}' });
    if (!res.ok) throw new Error(`approve: ${res.status} ${await res.text()}`);
  }
  if (aggregator.firstAt()) throw new Error('a message was sent before its status had settled');
  const done = await aggregator.until(ids.length);
  // A moment more, so a message sent twice is seen.
  await new Promise((r) => setTimeout(r, 2000));
  const productRate = ids.length / (Number(done - aggregator.firstAt()) / 1e9);
  const doubled = [...aggregator.received.values()].filter((n) => n > 1).length;
  const lost = ids.length - aggregator.received.size;
  await product.stop();
  product = null;

  aggregator.reset();
  const referenceRate = await reference(copy, ids, aggregator);
  console.log(`${ids.length} status messages by SMS to an aggregator on loopback`);
  console.log(`  product    ${productRate.toFixed(1)} messages/s`);
  console.log(`  reference  ${referenceRate.toFixed(1)} messages/s`);
  console.log(`  ratio product ÷ reference: ${(productRate / referenceRate).toFixed(2)}; lost ${lost}, sent twice ${doubled}`);
  const failures = [];
  if (lost || doubled) failures.push(`${lost} lost and ${doubled} sent twice`);
  if (productRate < MIN_RATE) failures.push(`${productRate.toFixed(1)} messages/s is under ${MIN_RATE}`);
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await product?.stop();
  await aggregator?.close();
  fs.rmSync(work, { recursive: true, force: true });
}
