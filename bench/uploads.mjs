// Resumable uploads (tus 1.0 on /api/uploads, ADR 0047): UPLOADS documents of the largest size an
// item takes (a PDF that reads through, as ADR 0063 requires), each created and sent in one PATCH as
// the applicant's page sends it, through the built server, against a same-work reference: a bare
// node:http server speaking the same tus requests (POST, PATCH, HEAD) with every check the product
// makes (lib/upload-reference.mjs: token, counters, ownership, limits, the read-through of the file,
// the item recorded in one transaction), on the product's own database. Each side has its own link;
// both are warmed with one upload first. Rounds take turns, product then reference, in one run.
// Then one upload is cut part-way: the bytes the server holds are asked for (HEAD) and only the
// rest is sent, and the bench counts what was sent twice.
//
// Prints each side's MB/s (median round), the ratio product ÷ reference, CPU seconds per 100 MB of
// each server and their ratio (steadier than the rate on a busy machine), and the resume's figures. Exit 1 when the ratio is under MIN_RATIO or a resumed
// upload sends more again than was cut off in flight.
//
//   npm run build && node bench/uploads.mjs
//   UPLOADS (15) per round, ROUNDS (3), MIN_RATIO (0.5), SERVER (apps/api/dist/server.js; another
//   build's server.js, e.g. one copied under bench/results/ before a change)
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import SQLite from 'better-sqlite3';
import { DOCUMENT_MAX_BYTES } from '../packages/shared/dist/constants.js';
import { cpuSeconds, root, serverJs, startServer, startUploadReference } from './lib/processes.mjs';
import { seedApplications } from './lib/seed-applications.mjs';

// A link takes 60 uploads an hour and an address 120 (LIMITS.documentsPage): UPLOADS × ROUNDS + 2
// must stay within the first, twice that within the second.
const UPLOADS = Number(process.env.UPLOADS ?? 15);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const MIN_RATIO = Number(process.env.MIN_RATIO ?? 0.5);
const SERVER = process.env.SERVER ? path.resolve(process.env.SERVER) : serverJs;
const ORIGIN = 'http://bench.invalid';
// The API's own pdf-lib, which reads the finished upload through, builds the document.
const pdfLib = createRequire(path.join(root, 'apps/api/package.json')).resolve('pdf-lib');
const { PDFDocument, PDFName } = (await import(pathToFileURL(pdfLib).href)).default;
const SECRET = 'u'.repeat(40);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-uploads-'));
const dataDir = path.join(work, 'data');

/**
 * A PDF that reads through as the server reads a finished upload (ADR 0063: parsed, pages with a
 * size, `startxref` and `%%EOF` at its end), of exactly `size` bytes: a scan's pages, each an
 * image of random bytes, as a phone's scanner app makes them.
 */
async function pdfOf(size, pages = 7) {
  let fill = size - 4000;
  for (let attempt = 0; attempt < 4; attempt++) {
    const doc = await PDFDocument.create();
    const per = Math.floor(fill / pages);
    for (let i = 0; i < pages; i++) {
      const scan = randomBytes(i === pages - 1 ? fill - per * (pages - 1) : per);
      const image = doc.context.stream(scan, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 1240,
        Height: 1754,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
        Filter: 'DCTDecode',
      });
      doc.addPage([595, 842]).node.setXObject(PDFName.of('Scan'), doc.context.register(image));
    }
    const bytes = Buffer.from(await doc.save());
    if (bytes.length === size) return bytes;
    fill += size - bytes.length;
  }
  throw new Error(`no PDF of exactly ${size} bytes`);
}

/** One open request with enough items for every upload of the run; answers its token and item ids. */
function seedRequest(count) {
  const db = new SQLite(path.join(dataDir, 'visa.sqlite'));
  const applicationId = db.prepare('select id from applications limit 1').pluck().get();
  const token = randomBytes(32).toString('base64url');
  const requestId = randomBytes(12).toString('hex');
  const now = new Date().toISOString();
  const far = new Date(Date.now() + 30 * 86_400_000).toISOString();
  db.prepare(
    `insert into document_requests (id, application_id, token_hash, due_date, expires_at, created_by, created_at, ended_at, end_reason)
     values (?, ?, ?, ?, ?, null, ?, null, null)`,
  ).run(requestId, applicationId, createHash('sha256').update(token).digest('hex'), far.slice(0, 10), far, now);
  const insertItem = db.prepare(
    `insert into document_request_items (id, request_id, position, label_en, label_bn, required, types, max_bytes, state, updated_at)
     values (?, ?, ?, ?, ?, 1, ?, ?, 'to_send', ?)`,
  );
  const items = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = randomBytes(12).toString('hex');
      insertItem.run(id, requestId, i, `Document ${i + 1}`, `নথি ${i + 1}`, JSON.stringify(['application/pdf']), DOCUMENT_MAX_BYTES, now);
      items.push(id);
    }
  })();
  db.close();
  return { token, items };
}

const tusHeaders = (token, extra = {}) => ({ 'tus-resumable': '1.0.0', 'x-document-token': token, origin: ORIGIN, ...extra });

/** POST: a new upload of `bytes` for the item; answers its address. */
async function create(base, token, item, bytes) {
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: tusHeaders(token, {
      'upload-length': String(bytes.length),
      'upload-metadata': `item ${Buffer.from(item).toString('base64')}`,
    }),
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
  return new URL(created.headers.get('location'), base).href;
}

/** POST then one PATCH of the whole file; answers the upload's address. */
async function upload(base, token, item, bytes) {
  const location = await create(base, token, item, bytes);
  const sent = await fetch(location, {
    method: 'PATCH',
    headers: tusHeaders(token, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    body: bytes,
  });
  if (sent.status !== 204) throw new Error(`patch: ${sent.status} ${await sent.text()}`);
  return location;
}

/** Sends `count` uploads one after another: MB/s, and the server's CPU seconds for them. */
async function round(server, token, items, bytes) {
  const cpuBefore = cpuSeconds(server.pid);
  const started = process.hrtime.bigint();
  for (const item of items) await upload(server.base, token, item, bytes);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const megabytes = (items.length * bytes.length) / 1e6;
  return { mbps: megabytes / seconds, cpuPer100Mb: ((cpuSeconds(server.pid) - cpuBefore) / megabytes) * 100 };
}

/**
 * One upload cut after `cutAt` bytes (the connection dropped mid-PATCH), then resumed as tus-js-client
 * resumes: HEAD for the offset the server holds, PATCH from there. Answers the bytes sent in all and
 * what the server had kept when the connection dropped.
 */
async function cutAndResume(base, token, item, bytes, cutAt) {
  const location = await create(base, token, item, bytes);
  const controller = new AbortController();
  let firstSent = 0;
  const body = new ReadableStream({
    async pull(c) {
      if (firstSent >= cutAt) {
        // Let the server write what it has before the line drops.
        await new Promise((r) => setTimeout(r, 300));
        controller.abort();
        return;
      }
      const piece = bytes.subarray(firstSent, Math.min(cutAt, firstSent + 64 * 1024));
      firstSent += piece.length;
      c.enqueue(piece);
    },
  });
  await fetch(location, {
    method: 'PATCH',
    headers: tusHeaders(token, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    body,
    duplex: 'half',
    signal: controller.signal,
  }).catch(() => undefined);
  let offset = -1;
  // The server notices the dropped connection a moment later; its offset is final when HEAD answers it twice alike.
  for (let tries = 0; tries < 50; tries++) {
    const head = await fetch(location, { method: 'HEAD', headers: tusHeaders(token) });
    const now = Number(head.headers.get('upload-offset'));
    if (now === offset) break;
    offset = now;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rest = await fetch(location, {
    method: 'PATCH',
    headers: tusHeaders(token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
    body: bytes.subarray(offset),
  });
  if (rest.status !== 204) throw new Error(`resume: ${rest.status} ${await rest.text()}`);
  return { sent: firstSent + (bytes.length - offset), kept: offset };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let product;
let reference;
try {
  await seedApplications({ dataDir, secret: SECRET, count: 1 });
  const { token, items } = seedRequest(UPLOADS * ROUNDS + 2);
  const theirs = seedRequest(UPLOADS * ROUNDS + 1);
  const env = { DATA_DIR: dataDir, APP_SECRET: SECRET, PUBLIC_URL: ORIGIN, LOG_LEVEL: 'warn' };
  product = await startServer(env, SERVER);
  reference = await startUploadReference(path.join(work, 'reference'), env);
  const bytes = await pdfOf(DOCUMENT_MAX_BYTES);
  // One of each first, not counted: both sides' first upload pays for loading code.
  await upload(product.base, token, items.pop(), bytes);
  await upload(reference.base, theirs.token, theirs.items.pop(), bytes);
  const results = { product: [], reference: [] };
  for (let r = 0; r < ROUNDS; r++) {
    const span = (list) => list.slice(r * UPLOADS, (r + 1) * UPLOADS);
    results.product.push(await round(product, token, span(items), bytes));
    results.reference.push(await round(reference, theirs.token, span(theirs.items), bytes));
  }
  const mbps = (side) => median(results[side].map((x) => x.mbps));
  const cpu = (side) => median(results[side].map((x) => x.cpuPer100Mb));
  const ratio = mbps('product') / mbps('reference');
  console.log(`uploads of ${(bytes.length / 1e6).toFixed(1)} MB, ${UPLOADS} per round, ${ROUNDS} rounds taking turns`);
  console.log(`  product    ${mbps('product').toFixed(1)} MB/s, ${cpu('product').toFixed(2)} CPU s per 100 MB`);
  console.log(`  reference  ${mbps('reference').toFixed(1)} MB/s, ${cpu('reference').toFixed(2)} CPU s per 100 MB`);
  console.log(
    `  ratio product ÷ reference: ${ratio.toFixed(2)} (rounds: ${results.product.map((x, i) => (x.mbps / results.reference[i].mbps).toFixed(2)).join(', ')})`,
  );
  // The rate moves with the CPU each process was given on a busy machine; the CPU an upload costs less so.
  console.log(`  CPU per byte, reference ÷ product: ${(cpu('reference') / cpu('product')).toFixed(2)}`);

  const load = os.loadavg().map((x) => x.toFixed(1));
  console.log(`  load average ${load.join(', ')}`);

  const cutAt = Math.floor(bytes.length * 0.6);
  const resumed = await cutAndResume(product.base, token, items.at(-1), bytes, cutAt);
  const again = resumed.sent - bytes.length;
  console.log(
    `cut at 60 %: the server had kept ${((resumed.kept / bytes.length) * 100).toFixed(1)} %; ${resumed.sent} bytes sent for ${bytes.length}, ${again} sent twice`,
  );
  const failures = [];
  if (ratio < MIN_RATIO) failures.push(`ratio ${ratio.toFixed(2)} under ${MIN_RATIO}`);
  if (again > cutAt - resumed.kept) failures.push('the resumed upload sent again more than was cut off in flight');
  if (resumed.kept === 0) failures.push('nothing was kept of the cut upload');
  if (failures.length) {
    console.error(failures.join('\n'));
    process.exitCode = 1;
  }
} finally {
  await product?.stop();
  await reference?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
