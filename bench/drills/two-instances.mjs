// Drill: two instances behind one database, one of them killed under load. A throwaway
// PostgreSQL (scripts/pg-cluster.sh), an S3-compatible store (s3rver) and an SMTP server
// (smtp-server, in this process) are shared by two product instances on different ports. Both are
// loaded with adds (multipart with a photo), reads, and status changes (each queues an email to
// the applicant); part-way through one instance is killed with SIGKILL and its clients move to the
// other. At the end: every acknowledged add is read back with its photo, statuses agree with the
// acknowledged changes, and the mails received are compared with the status changes acknowledged
// (messages the killed instance had claimed are sent by the other once their lease runs out).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { freePort, root } from '../lib/processes.mjs';
import { createTally, drillOptions, failureKind, machine, onCleanup, percentile, sleep, tempDir } from './lib/harness.mjs';
import {
  addApplication,
  applicationFields,
  checkApplication,
  photoJpeg,
  requireBuild,
  serverErrors,
  signIn,
  startProduct,
  tagMaker,
} from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/two-instances.mjs [options]      (after npm run build; needs PostgreSQL's server
binaries, as .ci/run installs them)

Two instances on PostgreSQL + s3rver + smtp-server, --workers clients each for --seconds; instance
B is killed with SIGKILL at --kill-at seconds. Exits 1 if an acknowledged add is lost, a status
disagrees with the acknowledged changes, fewer mails arrive than status changes were acknowledged,
a 5xx is answered, or the surviving instance fails.`,
  spec: {
    seconds: { default: 30, min: 5, max: 300, help: 'length of the load' },
    'kill-at': { default: 12, min: 1, max: 300, help: 'seconds into the load when instance B is killed' },
    workers: { default: 6, min: 1, max: 100, help: 'clients per instance, each one request at a time' },
    'mail-wait': { default: 180, min: 10, max: 600, help: 'how long to wait for the outbox to drain after the load' },
    'smtp-delay': {
      default: 200,
      min: 0,
      max: 10_000,
      help: 'ms the SMTP server takes to accept each message, so that B is killed with mail in hand',
    },
    together: { default: false, help: 'start both instances at the same instant instead of one second apart' },
  },
  timeLimit: 600,
});

requireBuild();
const work = tempDir('visa-drill-two-');
const secret = randomBytes(32).toString('hex');
const bucket = 'visa-drill';

// --- PostgreSQL ---------------------------------------------------------------------------------
const pgDir = fs.mkdtempSync('/tmp/visa-drill-pg-');
const pgCluster = path.join(root, 'scripts/pg-cluster.sh');
onCleanup(() => spawnSync('bash', [pgCluster, 'stop', pgDir], { stdio: 'ignore' }));
const pgStart = spawnSync('bash', [pgCluster, 'start', pgDir, String(await freePort())], { encoding: 'utf8' });
if (pgStart.status !== 0) throw new Error(`pg-cluster.sh start failed: ${pgStart.stderr}`);
const databaseUrl = pgStart.stdout.trim();
const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });

// --- S3: s3rver in a child process, as the API's tests run it: its paged listings use DES, which
// OpenSSL 3 only offers with the legacy provider, and it keeps its work off the load generator's
// event loop.
const s3Dir = path.join(work, 's3');
fs.mkdirSync(s3Dir);
const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
const s3 = spawn(
  process.execPath,
  [
    '--openssl-legacy-provider',
    '-e',
    `const S3rver = require(${JSON.stringify(s3rverPath)});
     new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(s3Dir)}, configureBuckets: [{ name: '${bucket}' }] })
       .run().then(({ port }) => console.log('port ' + port));`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
onCleanup(() => s3.exitCode === null && s3.kill('SIGKILL'));
const s3Port = await new Promise((resolve, reject) => {
  let out = '';
  s3.stdout.on('data', (chunk) => {
    out += chunk;
    const m = /port (\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  s3.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
});

// --- SMTP, in this process ----------------------------------------------------------------------
const mails = { total: 0, ids: new Map() };
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 8192) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      // Counted on arrival: a sender killed before the reply never learns it was delivered, and
      // whoever takes the message over after its lease sends it again (at least once).
      const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `(none ${mails.total})`;
      mails.total += 1;
      mails.ids.set(id, (mails.ids.get(id) ?? 0) + 1);
      setTimeout(callback, opts['smtp-delay']);
    });
  },
});
// A sender killed mid-conversation resets its connection: counted, not fatal.
let smtpResets = 0;
smtp.on('error', () => (smtpResets += 1));
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
onCleanup(() => smtp.close());

// --- the two instances --------------------------------------------------------------------------
const env = (name) => ({
  DATA_DIR: path.join(work, name),
  DATABASE_URL: databaseUrl,
  APP_SECRET: secret,
  STORAGE_DRIVER: 's3',
  S3_BUCKET: bucket,
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: 'Visa Desk <no-reply@example.com>',
});
const logOf = (name) => path.join(work, `${name}.log`);
console.log(`two-instances: PostgreSQL, s3rver and smtp-server up; ${machine()}`);
let a;
let b;
if (opts.together) {
  [a, b] = await Promise.all([startProduct({ env: env('a'), logFile: logOf('a') }), startProduct({ env: env('b'), logFile: logOf('b') })]);
} else {
  // One second apart by default: two instances starting at the same instant on an empty database
  // used to crash (both creating the first owner). --together starts them at once.
  a = await startProduct({ env: env('a'), logFile: logOf('a') });
  await sleep(1000);
  b = await startProduct({ env: env('b'), logFile: logOf('b') });
  console.log('note: B was started one second after A was listening; --together starts both at the same instant');
}
console.log(`instances: A ${a.base}, B ${b.base} (${opts.together ? 'started together' : 'B started 1 s after A was listening'})`);
const instances = [
  { name: 'A', server: a, session: await signIn(a.base), dead: false },
  { name: 'B', server: b, session: await signIn(b.base), dead: false },
];

// --- the load ----------------------------------------------------------------------------------
const photo = await photoJpeg();
const nextTag = tagMaker();
/** Acknowledged adds: id -> { status, busy, uncertain } as this drill last saw it confirmed. */
const apps = new Map();
const appIds = [];
const counts = { adds: 0, reads: 0, statusAcked: 0, statusCutOff: 0 };
const failures = createTally(); // requests that got no answer, by instance and cause
const refusals = createTally(); // answers that were not 2xx, by operation and status
const latency = { add: [], read: [], status: [] };
const ACTIONS = { pending: ['approve', 'reject'], approved: ['pending', 'reject'], rejected: ['pending', 'approve'] };
const STATUS_OF = { pending: 'pending', approve: 'approved', reject: 'rejected' };
const PATH_OF = { pending: 'updateApplicationPending', approve: 'updateApplicationApprove', reject: 'updateApplicationReject' };
const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function once(target) {
  const { base } = target.server;
  const { headers } = target.session;
  const roll = Math.random();
  const started = Date.now();
  if (roll < 0.3 || appIds.length < 5) {
    const { status, body } = await addApplication(base, target.session, applicationFields(nextTag()), photo, { timeoutMs: 30_000 });
    if (status !== 201) return refusals.add(`add ${status}`);
    apps.set(body._id, { status: 'pending', busy: false, uncertain: false });
    appIds.push(body._id);
    counts.adds += 1;
    latency.add.push(Date.now() - started);
  } else if (roll < 0.8) {
    const url =
      Math.random() < 0.5
        ? `${base}/api/application/fetchApplication?page=1&limit=10`
        : `${base}/api/application/fetchApplication/${pick(appIds)}`;
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    if (res.status !== 200) return refusals.add(`read ${res.status}`);
    counts.reads += 1;
    latency.read.push(Date.now() - started);
  } else {
    const id = pick(appIds);
    const app = apps.get(id);
    if (app.busy) return;
    const action = pick(ACTIONS[app.status]);
    app.busy = true;
    try {
      const res = await fetch(`${base}/api/application/${PATH_OF[action]}/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.status !== 200) return refusals.add(`status ${res.status}`);
      app.status = STATUS_OF[action];
      counts.statusAcked += 1;
      latency.status.push(Date.now() - started);
    } catch (err) {
      // Cut off: the change (and its email) may or may not have been committed.
      app.uncertain = true;
      counts.statusCutOff += 1;
      throw err;
    } finally {
      app.busy = false;
    }
  }
}

const loadStarted = Date.now();
const loadEnds = loadStarted + opts.seconds * 1000;
const killTimer = setTimeout(
  async () => {
    instances[1].dead = true;
    await b.kill9();
    console.log(`B killed with SIGKILL at ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);
  },
  Math.min(opts['kill-at'], opts.seconds) * 1000,
);
const worker = async (home) => {
  while (Date.now() < loadEnds) {
    // A client of a dead instance goes to the live one, as a load balancer would send it.
    const target = home.dead ? instances[0] : home;
    try {
      await once(target);
    } catch (err) {
      failures.add(`${target.name} ${failureKind(err)}`);
      if (target.name === 'A') await sleep(100);
    }
  }
};
await Promise.all(instances.flatMap((home) => Array.from({ length: opts.workers }, () => worker(home))));
clearTimeout(killTimer);
if (!instances[1].dead) {
  instances[1].dead = true;
  await b.kill9();
}
console.log(
  `load done: ${counts.adds} adds, ${counts.reads} reads, ${counts.statusAcked} status changes acknowledged (${counts.statusCutOff} cut off)`,
);

// --- mail: wait for the outbox to drain ---------------------------------------------------------
const outbox = async () =>
  Object.fromEntries(
    (await sql.query("select status, count(*)::int n from outbox where channel = 'email' group by status")).rows.map((r) => [
      r.status,
      r.n,
    ]),
  );
const mailStarted = Date.now();
let box = await outbox();
while (Date.now() - mailStarted < opts['mail-wait'] * 1000) {
  if (!box.queued && !box.sending && mails.ids.size >= counts.statusAcked) break;
  await sleep(1000);
  box = await outbox();
}
const mailWaitS = ((Date.now() - mailStarted) / 1000).toFixed(0);

// --- what was acknowledged is there -------------------------------------------------------------
const check = await signIn(a.base);
const lost = [];
for (const id of appIds) {
  const problem = await checkApplication(a.base, check, id);
  if (problem) lost.push(problem);
}
const stored = new Map((await sql.query('select id, status from applications')).rows.map((r) => [r.id, r.status]));
const statusMismatches = [...apps.entries()].filter(([id, app]) => !app.uncertain && stored.get(id) !== app.status).length;
const unacknowledgedRows = stored.size - apps.size;

// Stored objects in s3rver's folder that no row references.
const referenced = new Set();
for (const r of (await sql.query('select image_key, thumb_key from applications')).rows) {
  if (r.image_key) referenced.add(r.image_key);
  if (r.thumb_key) referenced.add(r.thumb_key);
}
for (const r of (await sql.query('select storage_key from application_documents')).rows) referenced.add(r.storage_key);
for (const r of (await sql.query('select image_key, image_variants from slides')).rows) {
  if (r.image_key) referenced.add(r.image_key);
  for (const v of JSON.parse(r.image_variants || '[]')) referenced.add(v.key);
}
const bucketDir = path.join(s3Dir, bucket);
const objects = fs
  .readdirSync(bucketDir, { recursive: true })
  .filter((f) => f.endsWith('._S3rver_object'))
  .map((f) => f.slice(0, -'._S3rver_object'.length));
const orphans = objects.filter((k) => !referenced.has(k)).length;

const aAlive = await fetch(`${a.base}/api/health`).then(
  (r) => r.status === 200,
  () => false,
);
const aCrashed = a.crashed;
await a.stop();
await sql.end();
const errorsA = serverErrors(logOf('a'));
const errorsB = serverErrors(logOf('b'));
const duplicates = [...mails.ids.values()].filter((n) => n > 1).length;
const fivexx = refusals.entries().filter(([k]) => / 5\d\d$/.test(k));

const p = (list) => (list.length ? `p50 ${percentile(list, 50)} ms, p99 ${percentile(list, 99)} ms` : 'none');
console.log(`\n${machine()}`);
console.log(`load: ${opts.seconds} s, ${opts.workers} clients per instance, B killed at ${opts['kill-at']} s`);
console.log(
  `adds acknowledged ${counts.adds} (${p(latency.add)}); reads ${counts.reads} (${p(latency.read)}); status changes acknowledged ${counts.statusAcked} (${p(latency.status)}), cut off ${counts.statusCutOff}`,
);
console.log(`requests without an answer: ${failures.toString()}`);
console.log(`answers other than 2xx: ${refusals.toString()}`);
console.log(
  `acknowledged adds read back with photo and thumbnail: ${appIds.length - lost.length} of ${appIds.length}; lost ${lost.length}`,
);
for (const l of lost.slice(0, 10)) console.log(`  LOST: ${l}`);
console.log(
  `rows stored without an acknowledgement: ${unacknowledgedRows}; statuses differing from the last acknowledged change: ${statusMismatches}`,
);
console.log(
  `mail: ${mails.ids.size} distinct messages received (${mails.total} deliveries, ${duplicates} delivered more than once, ${smtpResets} SMTP connections reset) for ${counts.statusAcked} acknowledged status changes (+ up to ${counts.statusCutOff} cut off); outbox ${JSON.stringify(box)} after ${mailWaitS} s`,
);
console.log(`stored objects ${objects.length}, orphans ${orphans}`);
console.log(
  `instance A afterwards: ${aAlive && !aCrashed ? 'answering' : 'DOWN'}; errors logged: A ${errorsA.length}, B ${errorsB.length}`,
);
for (const e of [...errorsA, ...errorsB].slice(0, 5)) console.log(`  server error: ${e.msg} ${e.err?.message ?? ''}`);

const result = {
  drill: 'two-instances',
  machine: machine(),
  ...counts,
  lost: lost.length,
  unacknowledgedRows,
  statusMismatches,
  failures: failures.entries(),
  refusals: refusals.entries(),
  mailsDistinct: mails.ids.size,
  mailDeliveries: mails.total,
  duplicates,
  smtpResets,
  outbox: box,
  orphans,
  serverErrors: errorsA.length + errorsB.length,
};
console.log(JSON.stringify(result));
const failed =
  lost.length > 0 ||
  statusMismatches > 0 ||
  mails.ids.size < counts.statusAcked ||
  mails.ids.size > counts.statusAcked + counts.statusCutOff ||
  fivexx.length > 0 ||
  !aAlive ||
  aCrashed ||
  errorsA.length + errorsB.length > 0;
console.log(failed ? 'two-instances: FAILED' : 'two-instances: ok');
process.exit(failed ? 1 : 0);
