import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Config } from '../../../apps/api/src/config.js';
import type { Db } from '../../../apps/api/src/db/connection.js';
import { newId } from '../../../apps/api/src/lib/ids.js';
import type { Storage } from '../../../apps/api/src/infra/storage/storage.js';
import { applicationFields, multipart } from './applications.js';
import { jpeg, png } from './images.js';

/** The repository root, for building and starting the real server. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// Whether this process has compiled the API already: the sources do not change during a run, and
// the API files share their modules per worker, so each worker compiles (or finds it current) once.
let built = false;

/** Compiles the API (incremental: quick when nothing changed) so tests can start `dist/server.js`. */
export function buildApi(): void {
  if (built) return;
  // tsc's own entry point under this Node, without npx's start-up in front of it.
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  const res = spawnSync(process.execPath, [tsc, '-b', 'packages/shared', 'apps/api'], { cwd: repoRoot, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`tsc -b failed:\n${res.stdout}\n${res.stderr}`);
  built = true;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** `node apps/api/dist/server.js` with only the given environment (plus PATH), as an operator would start it. */
export function startServer(env: Record<string, string>, port: number): ServerProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Polls `path` until it answers 200; fails early with the process's output if it exits. */
export async function waitUntilAnswering(server: ServerProcess, urlPath = '/api/health', limitMs = 45_000): Promise<void> {
  let exitedWith: number | null | undefined;
  void server.exited.then((code) => (exitedWith = code));
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    if (exitedWith !== undefined) throw new Error(`server exited with ${exitedWith}:\n${server.output()}`);
    try {
      const res = await fetch(server.url + urlPath);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${urlPath}:\n${server.output()}`);
}

// ---------------------------------------------------------------------------------------------
// Data with stored files, as the app writes it
// ---------------------------------------------------------------------------------------------

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** Adds an application with a photo through the API, then two documents: four stored files. */
export async function addApplicationWithFiles(request: Inject): Promise<string> {
  const add = await request({
    method: 'POST',
    url: '/api/application/addApplication',
    payload: multipart(applicationFields(), { bytes: await jpeg(120, 90), name: 'photo.jpg', type: 'image/jpeg' }),
  });
  if (add.statusCode !== 201) throw new Error(`addApplication answered ${add.statusCode}: ${add.body}`);
  const id = (add.json() as { _id: string })._id;
  const form = new FormData();
  for (const [name, bytes] of [
    ['visa.jpg', await jpeg(64, 48)],
    ['lmia.png', await png(64, 48)],
  ] as const) {
    form.append('file1', new Blob([new Uint8Array(bytes)], { type: name.endsWith('.png') ? 'image/png' : 'image/jpeg' }), name);
    form.append('label', 'Visa');
  }
  const docs = await request({ method: 'PUT', url: `/api/application/updateApplicationAdd/${id}`, payload: form });
  if (docs.statusCode !== 200) throw new Error(`adding documents answered ${docs.statusCode}: ${docs.body}`);
  return id;
}

/** A slide row whose image is stored as two variants, as the slide module keeps it. */
export async function insertSlideWithImage(db: Db, storage: Storage): Promise<string[]> {
  const id = newId();
  const keys = [`public/slide-${id}-abcd1234-640.webp`, `public/slide-${id}-abcd1234-640.jpg`];
  for (const key of keys) await storage.put(key, await jpeg(32, 24), 'image/jpeg');
  const now = new Date().toISOString();
  await db
    .insertInto('slides')
    .values({
      id,
      thumbnail: 'A slide',
      title: 'A slide',
      image_key: keys[1]!,
      status: 'Published',
      link: '',
      shown_on_navbar: 0,
      position: 1,
      alt_text: '',
      image_variants: JSON.stringify(keys.map((key) => ({ key, type: 'image/webp', width: 640, height: 480 }))),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return keys;
}

/** What a stored application points at: photo, thumbnail and document files. */
export async function storedKeysOf(db: Db, applicationId: string): Promise<string[]> {
  const row = await db
    .selectFrom('applications')
    .select(['image_key', 'thumb_key'])
    .where('id', '=', applicationId)
    .executeTakeFirstOrThrow();
  const docs = await db.selectFrom('application_documents').select('storage_key').where('application_id', '=', applicationId).execute();
  return [row.image_key, row.thumb_key, ...docs.map((d) => d.storage_key)].filter((k): k is string => Boolean(k));
}

/** Collects what a CLI command prints. */
export function captureIo(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { env, cwd: repoRoot, out: (text: string) => void out.push(text), err: (text: string) => void err.push(text) },
    stdout: () => out.join(''),
    stderr: () => err.join(''),
  };
}

/** The environment a CLI command needs to act on a test app's DATA_DIR and database. */
export function cliEnv(config: Config, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: config.dataDir,
    APP_SECRET: config.APP_SECRET ?? 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
    ...extra,
  };
}

/**
 * s3rver on loopback with one bucket, in a process of its own: its continuation tokens use DES,
 * which OpenSSL 3 offers only with the legacy provider, and a paged listing needs them. The env
 * sets up the app's S3 driver for it.
 */
export async function startS3rver(bucket = 'visa-maintenance') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-s3rver-'));
  const s3rverPath = createRequire(import.meta.url).resolve('s3rver');
  const script = `
    const S3rver = require(${JSON.stringify(s3rverPath)});
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(directory)},
      configureBuckets: [{ name: ${JSON.stringify(bucket)} }] })
      .run().then(({ port }) => console.log('port ' + port));
  `;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
