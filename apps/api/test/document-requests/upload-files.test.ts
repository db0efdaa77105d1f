import fs from 'node:fs';
import path from 'node:path';
import { ERRORS } from '@tus/server';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { jpeg, pdf, png } from '@visa/test-support/images';
import { tusRefusalOf } from '../../src/modules/domain/document-requests/tus-server.js';
import { stagingFolder } from '../../src/modules/domain/document-requests/uploads.js';
import { uploadExtensionRefused } from '../../src/modules/domain/document-requests/upload-target.js';
import { type Link, realPdf, tusClient } from './tus-client.js';

/**
 * What is received is a file staff can open (ADR 0063): every upload by link is read through as a
 * staff upload is before its item is received. A file that only starts like one — a JPEG header on
 * HTML, a picture or a PDF cut short, a PDF with no pages — is refused with 415, and nothing of it
 * is kept. And the tus extensions the endpoint does not offer are refused before anything is spent.
 */

const clock = new Date('2026-11-20T08:00:00.000Z');
const t = appForFile({}, { now: () => clock });
const staff = staffForFile(t, 'admin');
const { newLink, create, patch, staffView, uploadRows, uploadCounters, storedFile } = tusClient(t, staff);

/** Every file the app's storage holds that an upload by link put there. */
function receivedFiles(): string[] {
  return fs.readdirSync(t.dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => path.basename(name).startsWith('received-'));
}

async function send(link: Link, bytes: Buffer) {
  const item = link.items[0]!;
  const created = await create(link, item.id, bytes.length);
  expect(created.status).toBe(201);
  const location = created.headers.get('location')!;
  return { location, answer: await patch(link, location, 0, bytes) };
}

const cut = (bytes: Buffer, share: number) => bytes.subarray(0, Math.floor(bytes.length * share));

describe('a finished upload is read through before its item is received', () => {
  const refused: [string, () => Promise<Buffer>][] = [
    [
      'a JPEG header followed by HTML',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script></html>'.repeat(20))]),
    ],
    ['a JPEG cut short', async () => cut(await jpeg(800, 600), 0.6)],
    ['a PNG cut short', async () => cut(await png(400, 400), 0.7)],
    ['a PDF cut in its objects', async () => cut(await realPdf(), 0.5)],
    ['a PDF cut in its cross-reference table', async () => cut(await realPdf(), 0.9)],
    ['a PDF with no pages (only its first bytes right)', async () => pdf()],
    ['a PDF header followed by HTML', async () => Buffer.from(`%PDF-1.7\n<html><body onload="alert(1)"></body></html>\n%%EOF\n`)],
  ];

  for (const [what, make] of refused) {
    it(`refuses ${what} with 415, keeps nothing and leaves the item to send`, async () => {
      const link = await newLink(['passport']);
      const before = receivedFiles();
      const { location, answer } = await send(link, await make());
      expect(answer.status).toBe(415);
      expect(await answer.json()).toEqual({ message: M.uploadWrongType });
      const id = path.basename(location);
      expect(fs.existsSync(path.join(stagingFolder(t.config.dataDir), id))).toBe(false);
      expect(fs.existsSync(path.join(stagingFolder(t.config.dataDir), `${id}.json`))).toBe(false);
      expect(receivedFiles()).toEqual(before);
      expect(await uploadRows(link.items[0]!.id)).toEqual([]);
      const page = await t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': link.token } });
      expect(page.json().items[0].state).toBe('to_send');
      expect((await staffView(link.applicationId)).request.items[0].state).toBe('to_send');
    });
  }

  it('receives a whole JPEG and PNG as the picture they show, and a whole PDF as sent', async () => {
    for (const [bytes, sent] of [
      [await jpeg(320, 240), 'image/jpeg'],
      [await png(320, 240), 'image/png'],
    ] as const) {
      const link = await newLink(['passport']);
      const { answer } = await send(link, bytes);
      expect(answer.status, sent).toBe(204);
      const stored = await storedFile(link.items[0]!.id);
      expect((await staffView(link.applicationId)).request.items[0]).toMatchObject({
        state: 'received',
        contentType: 'image/jpeg',
        size: stored.length,
      });
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    }
    const link = await newLink(['passport']);
    const bytes = await realPdf(3);
    expect((await send(link, bytes)).answer.status).toBe(204);
    expect((await staffView(link.applicationId)).request.items[0]).toMatchObject({
      state: 'received',
      contentType: 'application/pdf',
      size: bytes.length,
    });
    expect((await storedFile(link.items[0]!.id)).equals(bytes)).toBe(true);
  });

  it('keeps each PDF as sent when several finish at once, and a smaller one sent after them', async () => {
    const files = [await realPdf(6), await realPdf(2), await realPdf(4)];
    const links: Link[] = [];
    for (const _ of files) links.push(await newLink(['passport']));
    const sent = await Promise.all(files.map((bytes, i) => send(links[i]!, bytes)));
    for (const [i, bytes] of files.entries()) {
      expect(sent[i]!.answer.status).toBe(204);
      expect((await storedFile(links[i]!.items[0]!.id)).equals(bytes)).toBe(true);
    }
    const link = await newLink(['passport']);
    const small = await realPdf(1);
    expect((await send(link, small)).answer.status).toBe(204);
    expect((await storedFile(link.items[0]!.id)).equals(small)).toBe(true);
  });

  it('keeps nothing that rode after a whole picture’s end: a JPEG and HTML in one file is stored as the picture alone', async () => {
    const link = await newLink(['passport']);
    const html = '<html><body><script>alert(document.cookie)</script></body></html>';
    const { answer } = await send(link, Buffer.concat([await jpeg(200, 150), Buffer.from(html)]));
    expect(answer.status).toBe(204);
    const stored = await storedFile(link.items[0]!.id);
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 150 });
  });
});

describe('tus extensions the endpoint does not offer', () => {
  const refused: [string, Record<string, string>][] = [
    ['concatenation of a final upload', { 'upload-concat': 'final;/api/uploads/0123456789abcdef0123456789abcdef' }],
    ['concatenation of a partial upload', { 'upload-concat': 'partial' }],
    ['a deferred length', { 'upload-defer-length': '1' }],
    ['a checksum', { 'upload-checksum': 'sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0=' }],
    ['the IETF draft’s completion flag', { 'upload-complete': '?1' }],
    ['a method override', { 'x-http-method-override': 'PATCH' }],
  ];

  for (const [what, headers] of refused) {
    it(`refuses ${what} with 400 before an upload row or a rate counter is spent`, async () => {
      const link = await newLink(['passport']);
      const counted = await uploadCounters();
      const answer = await create(link, link.items[0]!.id, 100, headers);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: uploadExtensionRefused(Object.keys(headers)[0]!) });
      expect(await uploadRows(link.items[0]!.id)).toEqual([]);
      expect(await uploadCounters()).toBe(counted);
    });
  }

  it('refuses a deferred length sent with no length, and a length or a checksum on a PATCH', async () => {
    const link = await newLink(['passport']);
    const item = link.items[0]!;
    const counted = await uploadCounters();
    const deferred = await create(link, item.id, 100, { 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(await uploadCounters()).toBe(counted);

    const bytes = await jpeg();
    const created = await create(link, item.id, bytes.length);
    const location = created.headers.get('location')!;
    const extras: Record<string, string>[] = [
      { 'upload-length': String(bytes.length) },
      { 'upload-checksum': 'sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0=' },
    ];
    for (const extra of extras) {
      const res = await fetch(new URL(location, created.url), {
        method: 'PATCH',
        headers: {
          'tus-resumable': '1.0.0',
          'x-document-token': link.token,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          ...extra,
        },
        body: new Uint8Array(bytes),
      });
      expect(res.status).toBe(400);
    }
    // Nothing was taken: the plain PATCH still starts at 0 and finishes the upload.
    expect((await patch(link, location, 0, bytes)).status).toBe(204);
  });

  it("answers tus's own 5xx refusals as the 4xx they are", () => {
    for (const err of [ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION, ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION]) {
      expect(tusRefusalOf(err)?.status_code).toBe(400);
    }
    expect(tusRefusalOf(ERRORS.ERR_LOCK_TIMEOUT)?.status_code).toBe(409);
    expect(tusRefusalOf(ERRORS.FILE_WRITE_ERROR)?.status_code).toBe(400);
    // A fault of ours is not one of them: it stays a 500, logged.
    expect(tusRefusalOf(new Error('disk full'))).toBeNull();
    expect(JSON.parse(tusRefusalOf(ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION)!.body)).toEqual({
      message: uploadExtensionRefused('tus extension'),
    });
  });
});
