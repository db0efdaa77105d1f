import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { jpeg } from '@visa/test-support/images';
import { stagingFolder } from '../../src/modules/domain/document-requests/uploads.js';
import { UPLOAD_ADDRESS_NOT_VALID } from '../../src/modules/domain/document-requests/upload-target.js';
import { type Link, TUS, tusClient } from './tus-client.js';

/**
 * An upload belongs to the link that began it (ADR 0063). Link A's holder knows B's upload address
 * (from a log, a shared screen, a proxy) and tries every tus method on it, through every way of
 * writing an address that tus would read another id from than the route checked. Each is refused,
 * and B's upload is as it was: the same bytes staged, the same offset, its item still to send; B
 * then finishes it with its own bytes.
 */

const clock = new Date('2026-11-20T08:00:00.000Z');
const t = appForFile({}, { now: () => clock });
const staff = staffForFile(t, 'admin');
const { newLink, begin, patch, head, raw, staffView, storedFile } = tusClient(t, staff);

const METHODS = ['HEAD', 'PATCH', 'DELETE', 'POST'] as const;
const idOf = (location: string) => path.basename(location);

let a: Link;
let b: Link;
let aLocation = '';
let bLocation = '';
let bFile: Buffer;
const B_SENT = 1000;

/** The two links and their uploads, made by the first test that runs (the mail check polls, which only a test may do). */
let made: Promise<void> | null = null;
const twoUploads = () => (made ??= makeTwoUploads());
async function makeTwoUploads() {
  a = await newLink(['passport']);
  b = await newLink(['passport']);
  const aFile = await jpeg(300, 200);
  bFile = await jpeg(640, 480, { r: 200, g: 40, b: 40 });
  aLocation = await begin(a, a.items[0]!.id, aFile.length);
  bLocation = await begin(b, b.items[0]!.id, bFile.length);
  expect((await patch(b, bLocation, 0, bFile.subarray(0, B_SENT))).status).toBe(204);
}

const staged = (location: string) => path.join(stagingFolder(t.config.dataDir), idOf(location));

/** B's upload as it stood before the attack: its staged bytes, the offset it answers, its item's state. */
async function expectBUntouched() {
  expect(fs.readFileSync(staged(bLocation)).equals(bFile.subarray(0, B_SENT))).toBe(true);
  const answer = await head(b, bLocation);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('upload-offset')).toBe(String(B_SENT));
  expect((await staffView(b.applicationId)).request.items[0].state).toBe('to_send');
}

/** A's token, the method's own tus headers, and for PATCH a body that would be appended. */
function attack(method: (typeof METHODS)[number], target: string) {
  const evil = Buffer.from('<html><script>alert(document.domain)</script></html>');
  const headers: Record<string, string | number> = { ...TUS, 'x-document-token': a.token };
  if (method === 'PATCH') {
    Object.assign(headers, { 'upload-offset': B_SENT, 'content-type': 'application/offset+octet-stream', 'content-length': evil.length });
  }
  if (method === 'POST')
    Object.assign(headers, { 'upload-length': 10, 'upload-metadata': `item ${Buffer.from(a.items[0]!.id).toString('base64')}` });
  return raw(method, target, headers, method === 'PATCH' ? evil : undefined);
}

describe("another link's upload, through each tus method and each trick of the address", () => {
  // Those the router takes to the uploads route are refused there with its message; the others
  // match no route, or break the app's own rules for an address, and are refused before any route.
  const tricks: [string, () => string, 'route' | 'before'][] = [
    ['a query ending in the other id', () => `${aLocation}?x=/${idOf(bLocation)}`, 'route'],
    ['a query on the endpoint', () => `/api/uploads?x=/${idOf(bLocation)}`, 'route'],
    ['a further segment', () => `${aLocation}/${idOf(bLocation)}`, 'before'],
    ['an encoded slash', () => `${aLocation}%2F${idOf(bLocation)}`, 'route'],
    ['a dot-dot segment', () => `${aLocation}/../${idOf(bLocation)}`, 'before'],
    ['a trailing slash', () => `${bLocation}/`, 'before'],
    ['a percent-encoded id', () => `/api/uploads/%${idOf(bLocation).charCodeAt(0).toString(16)}${idOf(bLocation).slice(1)}`, 'route'],
  ];

  for (const [trick, target, refusedBy] of tricks) {
    it(`refuses ${trick} for HEAD, PATCH, DELETE and POST, before tus reads it`, async () => {
      await twoUploads();
      for (const method of METHODS) {
        const answer = await attack(method, target());
        expect(answer.status, `${method} ${trick}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${method} ${trick}`).toBeLessThan(500);
        // Refused in front of tus (which would have answered an offset), with a message that says why
        // and does not give the other upload's id back.
        expect(answer.headers['upload-offset']).toBeUndefined();
        if (method !== 'HEAD') expect(Object.keys(JSON.parse(answer.body))).toContain('message');
        expect(answer.body).not.toContain(idOf(bLocation));
        if (refusedBy === 'route' && method !== 'HEAD') expect(JSON.parse(answer.body)).toEqual({ message: UPLOAD_ADDRESS_NOT_VALID });
      }
      await expectBUntouched();
    });
  }

  it("refuses the other link's upload named plainly in the route, with A's own token", async () => {
    await twoUploads();
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const answer = await attack(method, bLocation);
      expect(answer.status, method).toBe(404);
      if (method !== 'HEAD') expect(JSON.parse(answer.body)).toEqual({ message: M.linkNotValid });
    }
    // Beginning an upload is only done at the endpoint: a POST to an upload's address is not one.
    expect((await attack('POST', bLocation)).status).toBe(405);
    await expectBUntouched();
  });

  it('refuses a query string, even on the link’s own upload', async () => {
    await twoUploads();
    const answer = await raw('HEAD', `${aLocation}?download=1`, { ...TUS, 'x-document-token': a.token });
    expect(answer.status).toBe(400);
    expect((await head(a, aLocation)).status).toBe(200);
  });

  it('an upload address is useless without its link’s token', async () => {
    await twoUploads();
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const patching: Record<string, string | number> =
        method === 'PATCH' ? { 'upload-offset': B_SENT, 'content-type': 'application/offset+octet-stream' } : {};
      const answer = await raw(method, bLocation, { ...TUS, ...patching });
      expect(answer.status, method).toBe(404);
    }
    await expectBUntouched();
  });

  it('B finishes its upload afterwards, and what is received is B’s picture alone', async () => {
    await twoUploads();
    const done = await patch(b, bLocation, B_SENT, bFile.subarray(B_SENT));
    expect(done.status).toBe(204);
    const item = (await staffView(b.applicationId)).request.items[0];
    const stored = await storedFile(b.items[0]!.id);
    expect(item).toMatchObject({ state: 'received', contentType: 'image/jpeg', size: stored.length });
    // B's size and colour (A's picture is smaller and blue): none of A's bytes went into it.
    expect(await sharp(stored).metadata()).toMatchObject({ width: 640, height: 480 });
    const { channels } = await sharp(stored).stats();
    expect(channels[0]!.mean).toBeGreaterThan(150);
    expect(channels[1]!.mean).toBeLessThan(90);
    // A's upload never moved either.
    expect((await head(a, aLocation)).headers.get('upload-offset')).toBe('0');
    expect((await staffView(a.applicationId)).request.items[0].state).toBe('to_send');
  });
});

describe('the item an upload is for', () => {
  it('takes no bytes once the item has been received through another upload of the same link', async () => {
    const link = await newLink(['passport']);
    const file = await jpeg();
    const first = await begin(link, link.items[0]!.id, file.length);
    const second = await begin(link, link.items[0]!.id, file.length);
    expect((await patch(link, first, 0, file)).status).toBe(204);
    const late = await patch(link, second, 0, file);
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: M.uploadNotOpen });
    expect(fs.statSync(staged(second)).size).toBe(0);
  });
});
