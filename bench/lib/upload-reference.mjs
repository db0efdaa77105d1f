// The same-work reference for bench/uploads.mjs: the three tus requests an upload needs (POST,
// PATCH, HEAD) on a bare node:http server. Each upload is streamed to a staging file; when its last
// byte is in, the file is read back, its first bytes checked, written into a storage folder (a
// temporary file, then a rename) and the staging file removed, and the item is recorded in SQLite.
// No token, limits, audit or tus library: what any upload of these files must at least do.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const dir = process.env.REFERENCE_DIR;
const staging = path.join(dir, 'staging');
const storage = path.join(dir, 'storage');
for (const folder of [staging, storage, path.join(storage, '.tmp')]) fs.mkdirSync(folder, { recursive: true });
const db = new SQLite(path.join(dir, 'reference.sqlite'));
db.pragma('journal_mode = WAL');
db.exec('create table if not exists received (id text primary key, item text, storage_key text, size integer, received_at text)');
const record = db.prepare('insert into received values (?, ?, ?, ?, ?)');
const uploads = new Map();

async function finish(id, upload) {
  const bytes = await fsp.readFile(path.join(staging, id));
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
  const key = `received-${randomBytes(12).toString('hex')}.pdf`;
  const temp = path.join(storage, '.tmp', randomBytes(12).toString('hex'));
  await fsp.writeFile(temp, bytes);
  await fsp.rename(temp, path.join(storage, key));
  await fsp.rm(path.join(staging, id));
  record.run(id, upload.item, key, bytes.length, new Date().toISOString());
}

http
  .createServer((req, res) => {
    const url = new URL(req.url, 'http://reference');
    if (url.pathname === '/health') return res.end('ok');
    if (req.method === 'POST' && url.pathname === '/api/uploads') {
      const id = randomBytes(16).toString('hex');
      uploads.set(id, { length: Number(req.headers['upload-length']), offset: 0, item: req.headers['upload-metadata'] ?? '' });
      fs.writeFileSync(path.join(staging, id), '');
      res.writeHead(201, { location: `/api/uploads/${id}`, 'tus-resumable': '1.0.0' });
      return res.end();
    }
    const id = url.pathname.slice('/api/uploads/'.length);
    const upload = uploads.get(id);
    if (!upload) {
      res.writeHead(404);
      return res.end();
    }
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'upload-offset': String(upload.offset), 'upload-length': String(upload.length) });
      return res.end();
    }
    const out = fs.createWriteStream(path.join(staging, id), { flags: 'a' });
    req.on('data', (chunk) => (upload.offset += chunk.length));
    req.pipe(out);
    out.on('finish', async () => {
      if (upload.offset === upload.length) await finish(id, upload);
      res.writeHead(204, { 'upload-offset': String(upload.offset), 'tus-resumable': '1.0.0' });
      res.end();
    });
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
