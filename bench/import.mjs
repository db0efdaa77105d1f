// The import from the earlier app (`npm run admin -- import`, ADR 0041): ROWS applications as
// mongoexport writes them, imported by the built CLI into a fresh database, against a same-work
// reference: a plain script that reads the same file line by line, parses each line and inserts
// the rows with plain batched inserts of the same size in transactions, with no mapping, checks,
// or report. Prints both times, the ratio product ÷ reference, the import's rate and its peak RSS,
// and the peak RSS at a tenth of the rows (memory must not grow with the dump). Exit 1 when the
// import of ROWS takes longer than LIMIT_S seconds or its peak RSS grows by more than half over
// the tenth's.
//
//   npm run build && node bench/import.mjs
//   ROWS (100000), LIMIT_S (120), DATABASE_URL (unset: SQLite in a temporary DATA_DIR; a PostgreSQL
//   server URL: a fresh database there per run, e.g. from `bash scripts/pg-cluster.sh start /tmp/pg 5532`)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeMongoexport } from './lib/earlier-app-data.mjs';
import { root } from './lib/processes.mjs';
import { createBenchDatabase } from './lib/seed-applications-pg.mjs';

const ROWS = Number(process.env.ROWS ?? 100_000);
const LIMIT_S = Number(process.env.LIMIT_S ?? 120);
const PG_URL = process.env.DATABASE_URL;
const dist = (p) => path.join(root, 'apps/api/dist', p);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-import-'));

/** Runs a node child to its end: wall seconds and peak RSS (VmHWM, sampled while it runs). */
function timed(args, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { cwd: work, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let peakKb = 0;
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const sample = setInterval(() => {
      let status = '';
      try {
        status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      } catch {
        // Exited between two samples.
      }
      const hwm = /VmHWM:\s+(\d+)/.exec(status);
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    }, 100);
    child.on('exit', (code) => {
      clearInterval(sample);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${args.join(' ')} exited with ${code}:\n${output}`));
      else resolve({ seconds, peakMb: peakKb / 1024, output });
    });
  });
}

let databases = 0;
/** A fresh, migrated database: a SQLite DATA_DIR, or a new database on the PostgreSQL server. */
async function freshDatabase() {
  databases++;
  const dataDir = path.join(work, `data-${databases}`);
  const pg = PG_URL ? await createBenchDatabase(PG_URL, `bench_import_${process.pid}_${databases}`) : null;
  const env = { DATA_DIR: dataDir, APP_SECRET: 'b'.repeat(40), LOG_LEVEL: 'silent', ...(pg ? { DATABASE_URL: pg.url } : {}) };
  await timed([dist('cli/migrate.js')], env);
  return { env, dataDir, drop: () => pg?.drop() };
}

/** The same rows, read and inserted plainly: what any import of this file must at least do. */
const REFERENCE = `
const fs = require('node:fs');
const readline = require('node:readline');
const BATCH = 500;
const COLUMNS = ['id','surname','given_name','surname_key','given_name_key','email','phone','national_id','sex','dob','birth_city',
  'current_nationality','current_nationality_key','identification','company','duty_duration','job_title','salary','passport',
  'issued_country','status','pending_date','approve_date','is_admin','created_at','updated_at'];
const day = (d) => new Date(Number(d.$date.$numberLong)).toISOString().slice(0, 10);
const iso = (d) => new Date(Number(d.$date.$numberLong)).toISOString();
const rowOf = (d) => [d._id.$oid, d.surname, d.givenN, d.surname.toLowerCase(), d.givenN.toLowerCase(), d.email, '+880' + d.phone.$numberLong,
  d.nationalId, d.sex, day(d.dob), d.birthCity, d.currentN, d.currentN.toLowerCase(), d.identification, d.company, d.dutyDuration,
  d.jobTitle, d.salary, d.passport, d.issuedCountry, d.isStatus, d.pending || null, d.approve || null, 0, iso(d.createdAt), iso(d.updatedAt)];
(async () => {
  let insert;
  if (process.env.DATABASE_URL) {
    const pg = require(process.env.PG_MODULE);
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    insert = async (rows) => {
      const params = rows.flat();
      const values = rows.map((_, r) => '(' + COLUMNS.map((_, c) => '$' + (r * COLUMNS.length + c + 1)).join(',') + ')').join(',');
      await client.query('begin');
      await client.query('insert into applications (' + COLUMNS.join(',') + ') values ' + values, params);
      await client.query('commit');
    };
    insert.end = () => client.end();
  } else {
    const SQLite = require(process.env.SQLITE_MODULE);
    const db = new SQLite(process.env.DATA_DIR + '/visa.sqlite');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const statements = new Map();
    insert = async (rows) => {
      let statement = statements.get(rows.length);
      if (!statement) {
        const one = '(' + COLUMNS.map(() => '?').join(',') + ')';
        statement = db.prepare('insert into applications (' + COLUMNS.join(',') + ') values ' + rows.map(() => one).join(','));
        statements.set(rows.length, statement);
      }
      db.transaction(() => statement.run(rows.flat()))();
    };
    insert.end = () => db.close();
  }
  let batch = [];
  for await (const line of readline.createInterface({ input: fs.createReadStream(process.argv[1]) })) {
    if (!line) continue;
    batch.push(rowOf(JSON.parse(line)));
    if (batch.length === BATCH) { await insert(batch); batch = []; }
  }
  if (batch.length) await insert(batch);
  await insert.end();
})();
`;

const modules = { SQLITE_MODULE: path.join(root, 'node_modules/better-sqlite3'), PG_MODULE: path.join(root, 'node_modules/pg') };

async function importRun(source) {
  const db = await freshDatabase();
  try {
    return await timed([dist('cli/admin.js'), 'import', source], db.env);
  } finally {
    await db.drop();
  }
}

async function referenceRun(source) {
  const db = await freshDatabase();
  try {
    return await timed(['-e', REFERENCE, path.join(source, 'applications.json')], { ...db.env, ...modules });
  } finally {
    await db.drop();
  }
}

try {
  const tenth = path.join(work, 'tenth');
  const all = path.join(work, 'all');
  await writeMongoexport(tenth, Math.round(ROWS / 10));
  await writeMongoexport(all, ROWS);
  const engine = PG_URL ? 'PostgreSQL' : 'SQLite';
  const small = await importRun(tenth);
  const reference = await referenceRun(all);
  const product = await importRun(all);
  if (!product.output.includes(`applications: ${ROWS} imported`))
    throw new Error(`the import did not import every row:\n${product.output}`);
  const growth = product.peakMb / small.peakMb - 1;
  console.log(`import of ${ROWS} applications (mongoexport lines), ${engine}, load ${os.loadavg()[0].toFixed(2)}`);
  console.log(
    `  product:   ${product.seconds.toFixed(1)} s (${Math.round(ROWS / product.seconds)} records/s), peak RSS ${product.peakMb.toFixed(0)} MB`,
  );
  console.log(`  reference: ${reference.seconds.toFixed(1)} s (plain batched insert of the same rows)`);
  console.log(`  ratio product ÷ reference: ${(product.seconds / reference.seconds).toFixed(2)}`);
  console.log(
    `  peak RSS at ${Math.round(ROWS / 10)} rows ${small.peakMb.toFixed(0)} MB, at ${ROWS} rows ${product.peakMb.toFixed(0)} MB (${(growth * 100).toFixed(0)} %)`,
  );
  const missed = [
    ...(product.seconds > LIMIT_S ? [`took ${product.seconds.toFixed(1)} s, over ${LIMIT_S} s`] : []),
    ...(growth > 0.5 ? [`peak RSS grew by ${(growth * 100).toFixed(0)} % from a tenth of the rows`] : []),
  ];
  if (missed.length) {
    console.log(`target missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
