// Drill: acknowledged writes survive SIGKILL. Fires concurrent "add application" requests (a
// multipart form with a real JPEG) at the server on a temporary SQLite DATA_DIR, kills the process
// with SIGKILL while they are in flight, restarts it, and checks that every application whose add
// was answered 2xx is there with a readable photo and thumbnail, that SQLite's integrity check
// passes, and how many stored files no row references (orphans: left by requests cut off between
// writing the photo and committing the row; the sweep removes them once an hour old).
import path from 'node:path';
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { createTally, drillOptions, failureKind, machine, tempDir } from './lib/harness.mjs';
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
node bench/drills/kill9-writes.mjs [options]      (after npm run build)

Each round fires --requests concurrent POST /api/application/addApplication, kills the server with
SIGKILL once --kill-at of them have been acknowledged, restarts it on the same DATA_DIR and checks
every acknowledged application (all rounds so far), PRAGMA integrity_check, and orphaned files.
Exits 1 if an acknowledged write is lost or broken, the integrity check fails, or the server
logged an error (a 5xx).`,
  spec: {
    rounds: { default: 3, min: 1, max: 20, help: 'kill-and-restart rounds' },
    requests: { default: 100, min: 2, max: 1000, help: 'concurrent add requests per round' },
    'kill-at': { default: 0, min: 0, max: 1000, help: 'acknowledgements before the kill; 0 = a different share each round' },
  },
  timeLimit: 600,
});

requireBuild();
const dataDir = tempDir('visa-drill-kill9-data-');
const logFile = path.join(tempDir('visa-drill-kill9-logs-'), 'server.log');
const uploads = path.join(dataDir, 'uploads');
const photo = await photoJpeg();
const nextTag = tagMaker();

console.log(`kill9-writes: ${opts.rounds} round(s) of ${opts.requests} concurrent adds (photo ${photo.length} bytes)`);
console.log(machine());

/** Keys the rows point at, and the stored files: what is orphaned, and what is missing. */
function storageState(db) {
  const referenced = new Set();
  for (const r of db.prepare('select image_key, thumb_key from applications').all()) {
    if (r.image_key) referenced.add(r.image_key);
    if (r.thumb_key) referenced.add(r.thumb_key);
  }
  for (const r of db.prepare('select storage_key from application_documents').all()) referenced.add(r.storage_key);
  for (const r of db.prepare('select image_key, image_variants from slides').all()) {
    if (r.image_key) referenced.add(r.image_key);
    for (const v of JSON.parse(r.image_variants || '[]')) referenced.add(v.key);
  }
  const stored = new Set();
  for (const folder of ['private', 'public']) {
    const dir = path.join(uploads, folder);
    if (fs.existsSync(dir)) for (const name of fs.readdirSync(dir)) stored.add(`${folder}/${name}`);
  }
  const temp = path.join(uploads, '.tmp');
  return {
    orphans: [...stored].filter((k) => !referenced.has(k)).length,
    missing: [...referenced].filter((k) => !stored.has(k)).length,
    halfWritten: fs.existsSync(temp) ? fs.readdirSync(temp).length : 0,
  };
}

const acknowledged = new Map(); // id -> round
const ackedWithoutBody = []; // emails
const results = [];
let server = await startProduct({ env: { DATA_DIR: dataDir }, logFile });
let failed = false;

for (let round = 1; round <= opts.rounds; round++) {
  const session = await signIn(server.base);
  const killAt = Math.min(opts.requests - 1, opts['kill-at'] || Math.max(1, Math.round((opts.requests * round) / (opts.rounds + 1))));
  const refused = createTally();
  const cutOff = createTally();
  let acked = 0;
  let kill = null;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: opts.requests }, async () => {
      try {
        const fields = applicationFields(nextTag());
        const { status, body } = await addApplication(server.base, session, fields, photo);
        if (status < 200 || status > 299) return refused.add(status);
        // The status line came, the body was cut off by the kill: acknowledged all the same.
        if (!body?._id) ackedWithoutBody.push(fields.email);
        else acknowledged.set(body._id, round);
        acked += 1;
        if (acked === killAt) kill = server.kill9();
      } catch (err) {
        cutOff.add(failureKind(err));
      }
    }),
  );
  const crashedBeforeKill = server.crashed;
  if (!kill) kill = server.kill9();
  await kill;
  const killedAfterMs = Date.now() - started;

  const restartStarted = Date.now();
  server = await startProduct({ env: { DATA_DIR: dataDir }, logFile });
  const restartMs = Date.now() - restartStarted;

  const check = await signIn(server.base);
  const problems = [];
  for (const id of acknowledged.keys()) {
    const problem = await checkApplication(server.base, check, id);
    if (problem) problems.push(problem);
  }
  const db = new SQLite(path.join(dataDir, 'visa.sqlite'), { readonly: true, fileMustExist: true });
  const integrity = db
    .pragma('integrity_check')
    .map((r) => r.integrity_check)
    .join('; ');
  const rows = db.prepare("select count(*) n from applications where email like 'drill.%'").get().n;
  const byEmail = db.prepare('select id from applications where email = ?');
  for (const email of ackedWithoutBody) if (!byEmail.get(email)) problems.push(`${email}: acknowledged (body cut off) but not stored`);
  const files = storageState(db);
  db.close();

  const result = {
    round,
    sent: opts.requests,
    acknowledged: acked,
    refused: refused.toString(),
    cutOff: cutOff.toString(),
    killAt,
    killedAfterMs,
    restartMs,
    checked: acknowledged.size + ackedWithoutBody.length,
    lost: problems.length,
    storedUnacknowledged: rows - acknowledged.size - ackedWithoutBody.length,
    integrity,
    orphans: files.orphans,
    missingFiles: files.missing,
    halfWritten: files.halfWritten,
    crashedBeforeKill,
  };
  results.push(result);
  console.log(
    `round ${round}: sent ${result.sent}, acknowledged ${acked} (kill after ${killAt}, ${killedAfterMs} ms), cut off: ${result.cutOff}, ` +
      `refused: ${result.refused}; restart ${restartMs} ms; checked ${result.checked} acknowledged so far, lost ${result.lost}; ` +
      `stored but unacknowledged ${result.storedUnacknowledged}; integrity ${integrity}; so far: orphans ${files.orphans}, ` +
      `files missing ${files.missing}, half-written temp files ${files.halfWritten}`,
  );
  for (const p of problems.slice(0, 10)) console.log(`  LOST: ${p}`);
  if (problems.length || integrity !== 'ok' || files.missing || refused.total || crashedBeforeKill) failed = true;
}

await server.stop();
const errors = serverErrors(logFile);
for (const e of errors.slice(0, 5)) console.log(`  server error: ${e.msg} ${e.err?.message ?? ''} ${e.req?.url ?? ''}`);
if (errors.length) failed = true;
const total = (k) => results.reduce((a, r) => a + r[k], 0);
console.log(
  `\nsummary: ${opts.rounds} round(s), sent ${total('sent')}, acknowledged ${total('acknowledged')}, lost ${results.at(-1).lost}, ` +
    `stored but unacknowledged ${results.at(-1).storedUnacknowledged}, integrity ${results.every((r) => r.integrity === 'ok') ? 'ok' : 'FAILED'}, ` +
    `orphans ${results.at(-1).orphans}, server errors logged ${errors.length}`,
);
console.log(JSON.stringify({ drill: 'kill9-writes', machine: machine(), results, serverErrors: errors.length }));
console.log(failed ? 'kill9-writes: FAILED' : 'kill9-writes: ok');
process.exit(failed ? 1 : 0);
