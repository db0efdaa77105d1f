// What money costs as the office's ledger grows (ADR 0084, ADR 0086): a file's money (GET
// /api/application/money/:id: its entries, receipts and kept balance) and the staff list narrowed
// to the applications that owe (`balance=due`, page 1), at 10 000 and 1 000 000 ledger entries on
// SQLite. Every file has a typical ledger of ENTRIES_PER_FILE entries (a service fee, IRCC's fee
// in dollars at a rate, the visa centre's charge, a discount, four payments with their receipts),
// so the applications grow with the entries; one file in OWING_EVERY (spread evenly) still owes
// part of its last payment. Seeded with set-based INSERT … SELECT statements, the balances summed
// from the entries; then the built server is started on the file and each call timed one request
// at a time (median and fastest). Ends with each call's time at the largest size over the smallest
// (target ≤ 2), all from one run, so the machine's load weighs on both sides alike.
//
//   npm run build && node bench/ledger-balance.mjs
//   SIZES=10000,100000 ALONE=30 node bench/ledger-balance.mjs
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { alone } from './lib/alone.mjs';
import { serverJs, startServer } from './lib/processes.mjs';
import { seedOffice } from './lib/seed-office.mjs';

const SIZES = (process.env.SIZES ?? '10000,1000000').split(',').map(Number);
const ALONE = Number(process.env.ALONE ?? 25);
const ENTRIES_PER_FILE = 8;
/** Of every ten files, this many still owe (the rest paid in full). */
const OWING_OF_TEN = 3;

if (!fs.existsSync(serverJs)) {
  console.error('apps/api/dist is missing: run `npm run build` first.');
  process.exit(1);
}

/**
 * The eight entries of a typical file, by their place j: kind, amount, currency, rate (millionths of
 * a taka per dollar), its taka, method. The last payment is the rest of what is due, or less for a
 * file that still owes.
 */
const LEDGER_ROWS = `
  select 0 as j, 'charge' as kind, 2500000 as amount, 'BDT' as currency, null as rate, 2500000 as bdt, null as method, 'Service fee' as what
  union all select 1, 'charge', 15500, 'CAD', 88000000, 1364000, null, 'IRCC processing fee'
  union all select 2, 'charge', 650000, 'BDT', null, 650000, null, 'Visa centre charge'
  union all select 3, 'discount', 100000, 'BDT', null, 100000, null, 'Returning client'
  union all select 4, 'payment', 1000000, 'BDT', null, 1000000, 'cash', ''
  union all select 5, 'payment', 1500000, 'BDT', null, 1500000, 'bkash', ''
  union all select 6, 'payment', 1000000, 'BDT', null, 1000000, 'bank', ''
  union all select 7, 'payment', 914000, 'BDT', null, 914000, 'cash', ''`;

/** A fresh SQLite office (bench/lib/seed-office.mjs) with a file per ENTRIES_PER_FILE entries, each its ledger as above. */
async function seed(dataDir, secret, entries) {
  const count = Math.ceil(entries / ENTRIES_PER_FILE);
  const { token, stored, owing, file } = await seedOffice({
    dataDir,
    secret,
    count,
    fill(db, { users: [user] }) {
      // Each file's entries an hour apart from its creation; the owing ones pay 400 000 paisa less at the end.
      db.prepare(
        `insert into ledger_entries (id, application_id, kind, amount_minor, currency, rate_micros, bdt_minor, due_effect, description,
          fee_code, method, method_ref, reverses_id, refund_of_id, occurred_on, created_by, created_at)
        select substr(a.id, 1, 8) || printf('%016x', a.k * ${ENTRIES_PER_FILE} + e.j), a.id, e.kind,
          e.amount - (case when e.j = 7 and a.k % 10 < ${OWING_OF_TEN} then 400000 else 0 end), e.currency, e.rate,
          e.bdt - (case when e.j = 7 and a.k % 10 < ${OWING_OF_TEN} then 400000 else 0 end),
          (case when e.kind = 'charge' then 1 else -1 end) * (e.bdt - (case when e.j = 7 and a.k % 10 < ${OWING_OF_TEN} then 400000 else 0 end)),
          e.what, null, e.method, case when e.method = 'bkash' then printf('BK%08X', a.k) end, null, null,
          substr(a.created_at, 1, 10), ?, strftime('%Y-%m-%dT%H:%M:%fZ', a.created_at, '+' || e.j || ' hours')
        from (select id, created_at, row_number() over (order by id) - 1 as k from applications) a cross join (${LEDGER_ROWS}) e`,
      ).run(user);
      db.exec(`insert into application_balances (application_id, due_minor, updated_at)
        select application_id, sum(due_effect), max(created_at) from ledger_entries group by application_id`);
      db.prepare(
        `insert into receipts (id, fiscal_year, number, entry_id, application_id, amount_minor, payer_name, verify_code, issued_on, issued_by, created_at)
        select 'r' || substr(id, 2), '2025-26', row_number() over (order by id), id, application_id, amount_minor, 'Payer',
          lower(hex(randomblob(16))), occurred_on, ?, created_at
        from ledger_entries where kind = 'payment'`,
      ).run(user);
    },
    read: (db) => ({
      stored: db.prepare('select count(*) as n from ledger_entries').get().n,
      owing: db.prepare('select count(*) as n from application_balances where due_minor > 0').get().n,
      // A file in the middle of the office's history.
      file: db.prepare('select id from applications order by id limit 1 offset ?').get(BigInt(count >> 1)).id,
    }),
  });
  return { token, count, stored, owing, file };
}

const results = [];
for (const size of SIZES) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-ledger-'));
  const secret = randomBytes(32).toString('hex');
  const t0 = Date.now();
  const { token, count, stored, owing, file } = await seed(dataDir, secret, size);
  const seeded = (Date.now() - t0) / 1000;
  const server = await startServer({ DATA_DIR: dataDir, APP_SECRET: secret, SCHEDULED_JOBS: 'false' });
  try {
    const headers = { authorization: `Bearer ${token}` };
    const app = `${server.base}/api/application`;
    const targets = [
      ['money of one file', `${app}/money/${file}`, (b) => `${b.entries.length} entries, owes ${b.balanceMinor}`],
      ['list balance=due', `${app}/fetchApplication?page=1&limit=10&balance=due`, (b) => b.totalApplication],
      ['list page 1 (context)', `${app}/fetchApplication?page=1&limit=10`, (b) => b.totalApplication],
    ];
    const rows = [];
    for (const [name, url, shown] of targets) {
      const r = await alone(url, headers, ALONE);
      rows.push({ name, p50: r.p50, min: r.min, shown: shown(r.body) });
    }
    const load1 = os.loadavg()[0].toFixed(2);
    results.push({ size, count, seeded, owing, rows, load1 });
    console.log(
      `\n${stored.toLocaleString('en')} ledger entries on SQLite, ${count.toLocaleString('en')} applications, ` +
        `${owing.toLocaleString('en')} owing (seeded in ${seeded.toFixed(1)} s; load average ${load1})`,
    );
    console.log('call                        p50 ms   min ms   items or total');
    for (const r of rows)
      console.log(`${r.name.padEnd(26)}${r.p50.toFixed(1).padStart(8)}${r.min.toFixed(1).padStart(9)}   ${String(r.shown)}`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (results.length > 1) {
  const [small, large] = [results[0], results.at(-1)];
  console.log(
    `\nat ${large.size.toLocaleString('en')} over at ${small.size.toLocaleString('en')} entries (target ≤ 2): alone p50, alone min`,
  );
  for (const r of large.rows) {
    const base = small.rows.find((s) => s.name === r.name);
    console.log(`${r.name.padEnd(26)}${(r.p50 / base.p50).toFixed(2).padStart(7)}${(r.min / base.min).toFixed(2).padStart(8)}`);
  }
}
console.log(JSON.stringify({ bench: 'ledger-balance', date: new Date().toISOString(), node: process.version, results }));
