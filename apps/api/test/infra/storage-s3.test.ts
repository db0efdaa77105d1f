import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createStorage } from '../../src/infra/storage/create.js';
import type { Storage } from '../../src/infra/storage/storage.js';
import { applicationFields, multipart } from '@visa/test-support/applications';
import { jpeg } from '@visa/test-support/images';
import { startS3rver } from '@visa/test-support/processes';
import { type TestApp, createTestApp, listFiles } from '@visa/test-support/test-app';

let s3: Awaited<ReturnType<typeof startS3rver>>;
let dataDir: string;
let storage: Storage;

beforeAll(async () => {
  s3 = await startS3rver('visa-test');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-s3-data-'));
  storage = await createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const read = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

describe('S3 storage driver (against s3rver)', () => {
  it('is chosen by STORAGE_DRIVER=s3 and stores, reads, checks and deletes objects', async () => {
    const bytes = await jpeg();
    await storage.put('private/s3-driver-test.jpg', bytes, 'image/jpeg');
    expect(await storage.exists('private/s3-driver-test.jpg')).toBe(true);
    const object = await storage.get('private/s3-driver-test.jpg');
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe('image/jpeg');
    expect(object!.size).toBe(bytes.length);
    expect((await read(object!.body)).equals(bytes)).toBe(true);
    await storage.delete('private/s3-driver-test.jpg');
    expect(await storage.exists('private/s3-driver-test.jpg')).toBe(false);
  });

  it('answers null / false for missing objects and deleting one twice is fine', async () => {
    expect(await storage.get('private/never-stored.jpg')).toBeNull();
    expect(await storage.exists('public/never-stored.webp')).toBe(false);
    await storage.delete('private/never-stored.jpg');
  });

  it('refuses keys outside private/ and public/ or with path tricks', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage.get('private/../x')).rejects.toThrow(/invalid storage key/);
    await expect(storage.exists('Private/UPPER.jpg')).rejects.toThrow(/invalid storage key/);
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    // A second app over the same database, with the S3 driver instead of the local folder.
    app = await buildApp({ config: t.config, db: t.db, secret: t.config.APP_SECRET!, storage, webRoot: null });
    await app.ready();
    token = (await t.createStaff()).token;
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  const inject = (options: InjectOptions) =>
    app.inject({ ...options, headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${token}` }, cookies: { 'XSRF-TOKEN': 'x' } });

  it('adds an application whose photo lives in the bucket, serves it signed, and deletes it with the application', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/application/addApplication',
      payload: multipart(applicationFields(), { bytes: await jpeg(), name: 'me.jpg', type: 'image/jpeg' }),
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    const key = new URL(created.image, 'http://x').pathname.replace('/files/', '');
    expect(await storage.exists(key)).toBe(true);
    // Nothing went to the local upload folder.
    expect(listFiles(path.join(t.dataDir, 'uploads'))).toEqual([]);

    const photo = await app.inject({ method: 'GET', url: created.image });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect((await app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(403);

    const del = await inject({ method: 'DELETE', url: `/api/application/deleteApplication/${created._id}` });
    expect(del.statusCode).toBe(200);
    expect(await storage.exists(key)).toBe(false);
  });
});
