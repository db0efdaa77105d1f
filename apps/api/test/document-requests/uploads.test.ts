import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_REQUEST_TEXTS as M } from '@visa/shared/document-requests';
import { deliveredMail } from '@visa/test-support/document-request-links';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { jpeg, png } from '@visa/test-support/images';
import { removeUnfinishedUploads, stagingFolder } from '../../src/modules/domain/document-requests/uploads.js';
import { setAgreedChannels } from '../../src/modules/domain/applicant-notices/channel-agreements-repository.js';
import { type Link, TUS, b64, realPdf, tusClient } from './tus-client.js';

const clock = new Date('2026-11-20T08:00:00.000Z');
const t = appForFile({}, { now: () => clock });
const staff = staffForFile(t, 'admin');
const { base, newLink, create, patch, head, staffView, storedFile } = tusClient(t, staff);

/** A file big enough to cut: a photo with noise-free padding after its end (decoders and file-type read the start). */
async function bigJpeg(size: number): Promise<Buffer> {
  const photo = await jpeg(800, 600);
  return Buffer.concat([photo, Buffer.alloc(size - photo.length, 7)]);
}

/**
 * Sends `bytes` as one PATCH and cuts the connection once the server has `cutAt` of them on disk,
 * as a phone losing its signal does.
 */
async function patchCutHalfway(link: Link, location: string, bytes: Buffer, cutAt: number): Promise<void> {
  const url = new URL(`${base()}${location}`);
  const staged = path.join(stagingFolder(t.config.dataDir), path.basename(location));
  await new Promise<void>((resolve) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: {
        ...TUS,
        'x-document-token': link.token,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': bytes.length,
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(bytes.subarray(0, cutAt));
    void (async () => {
      while ((fs.existsSync(staged) ? fs.statSync(staged).size : 0) < cutAt) await sleep(10);
      req.destroy();
    })();
  });
}

describe('resumable uploads (tus 1.0 on /api/uploads)', () => {
  it('resumes a cut upload from the offset the server has, without the first part again, then shows it received', async () => {
    const link = await newLink();
    const item = link.items[0]!;
    const file = await bigJpeg(600 * 1024);
    const created = await create(link, item.id, file.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toContain('no-store');
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[a-f0-9]{32}$/);

    await patchCutHalfway(link, location, file, 300 * 1024);
    // What the server kept is what it reports: the client resumes from there.
    let offset = 0;
    await expect
      .poll(async () => {
        offset = Number((await head(link, location)).headers.get('upload-offset'));
        return offset;
      })
      .toBeGreaterThanOrEqual(300 * 1024);
    expect(offset).toBeLessThan(file.length);
    const staged = path.join(stagingFolder(t.config.dataDir), path.basename(location));
    expect(fs.statSync(staged).size).toBe(offset);

    // The rest only: a PATCH that sent the first part again would not start at the server's offset.
    const rest = file.subarray(offset);
    const done = await patch(link, location, offset, rest);
    expect(done.status).toBe(204);
    expect(Number(done.headers.get('upload-offset'))).toBe(file.length);

    const view = await staffView(link.applicationId);
    const received = view.request.items[0];
    expect(received.state).toBe('received');
    expect(received.contentType).toBe('image/jpeg');
    // The stored file is the whole picture, read through; the staging copy is gone.
    const stored = await storedFile(item.id);
    expect(received.size).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect(fs.existsSync(staged)).toBe(false);
    // The applicant's page shows it received.
    const page = await t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': link.token } });
    expect(page.json().items[0].state).toBe('received');
  });

  it('refuses an Upload-Length over the item limit with 413 before any byte, and nothing is created', async () => {
    const link = await newLink();
    const res = await create(link, link.items[0]!.id, 7 * 1024 * 1024 + 1);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: M.uploadTooLarge });
    expect(await t.db.selectFrom('document_uploads').selectAll().where('item_id', '=', link.items[0]!.id).execute()).toEqual([]);
  });

  it('judges the type by the bytes on completion: a wrong type is refused and the item is still to send', async () => {
    const link = await newLink();
    const item = link.items[0]!;
    const notAnImage = Buffer.from('MZ this is not a picture, whatever its name says '.repeat(40));
    const created = await create(link, item.id, notAnImage.length, {
      'upload-metadata': `item ${b64(item.id)},filename ${b64('photo.jpg')}`,
    });
    const res = await patch(link, created.headers.get('location')!, 0, notAnImage);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: M.uploadWrongType });
    expect((await staffView(link.applicationId)).request.items[0].state).toBe('to_send');
    // A PDF is taken for an item that accepts PDFs.
    const doc = await realPdf();
    const again = await create(link, item.id, doc.length);
    expect((await patch(link, again.headers.get('location')!, 0, doc)).status).toBe(204);
    expect((await staffView(link.applicationId)).request.items[0]).toMatchObject({ state: 'received', contentType: 'application/pdf' });
  });

  it("answers a wrong token, another link's upload and a cross-site origin without touching the upload", async () => {
    const link = await newLink();
    const other = await newLink();
    const created = await create(link, link.items[0]!.id, 1000);
    const location = created.headers.get('location')!;
    const foreign = await patch(other, location, 0, Buffer.alloc(10));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: M.linkNotValid });
    const wrong = await create({ ...link, token: 'B'.repeat(43) }, link.items[0]!.id, 1000);
    expect(wrong.status).toBe(404);
    const crossSite = await fetch(`${base()}${location}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        origin: 'https://evil.example',
        'x-document-token': link.token,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(10),
    });
    expect(crossSite.status).toBe(403);
    expect((await head(link, location)).headers.get('upload-offset')).toBe('0');
  });

  it('removes an upload left unfinished for a day, bytes and row', async () => {
    const link = await newLink();
    const created = await create(link, link.items[1]!.id, 5000);
    const location = created.headers.get('location')!;
    await patch(link, location, 0, Buffer.alloc(100, 1));
    const staged = path.join(stagingFolder(t.config.dataDir), path.basename(location));
    expect(fs.existsSync(staged)).toBe(true);
    expect(await removeUnfinishedUploads(t.db, t.config.dataDir, new Date(clock.getTime() - 60_000))).toBe(0);
    expect(await removeUnfinishedUploads(t.db, t.config.dataDir, new Date(clock.getTime() + 24 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(staged)).toBe(false);
    expect((await head(link, location)).status).toBe(404);
  });

  describe('review', () => {
    it('ask again emails only an applicant who agreed to email', async () => {
      const link = await newLink(['passport']);
      const bytes = await jpeg();
      const created = await create(link, link.items[0]!.id, bytes.length);
      expect((await patch(link, created.headers.get('location')!, 0, bytes)).status).toBe(204);
      // The applicant has since asked for text messages only.
      await setAgreedChannels(t.db, link.applicationId, ['sms'], staff.id, new Date());
      const emails = () =>
        t.db.selectFrom('outbox').select('id').where('channel', '=', 'email').where('application_id', '=', link.applicationId).execute();
      const before = (await emails()).length;
      const asked = await t.request({
        method: 'POST',
        url: `/api/application/documentRequest/${link.applicationId}/items/${link.items[0]!.id}/ask-again`,
        token: staff.token,
        payload: { reason: 'The page is cut off at the bottom.' },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().request.items[0].state).toBe('asked_again');
      expect(await emails()).toHaveLength(before);
    });

    it('accept makes it an application document; ask again reopens the item with the reason and emails the applicant', async () => {
      const link = await newLink(['passport', 'photo']);
      for (const [index, bytes] of [await jpeg(), await png()].entries()) {
        const created = await create(link, link.items[index]!.id, bytes.length);
        expect((await patch(link, created.headers.get('location')!, 0, bytes)).status).toBe(204);
      }
      const count = await t.request({ method: 'GET', url: '/api/application/documentsToReview', token: staff.token });
      expect(count.json().count).toBeGreaterThanOrEqual(2);

      const [passport, photo] = link.items;
      const accepted = await t.request({
        method: 'POST',
        url: `/api/application/documentRequest/${link.applicationId}/items/${passport!.id}/accept`,
        token: staff.token,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().request.items[0].state).toBe('accepted');
      const documents = await t.db
        .selectFrom('application_documents')
        .selectAll()
        .where('application_id', '=', link.applicationId)
        .execute();
      expect(documents).toHaveLength(1);
      expect(documents[0]!.content_type).toBe('image/jpeg');

      const reason = 'The photo is blurred, please take it again in daylight.';
      const asked = await t.request({
        method: 'POST',
        url: `/api/application/documentRequest/${link.applicationId}/items/${photo!.id}/ask-again`,
        token: staff.token,
        payload: { reason },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const page = (await t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': link.token } })).json();
      expect(page.items[1]).toMatchObject({ state: 'asked_again', reason });
      const application = await t.db
        .selectFrom('applications')
        .select('email')
        .where('id', '=', link.applicationId)
        .executeTakeFirstOrThrow();
      expect(await deliveredMail(t, application.email, 'Please send a document again / আবার পাঠান')).toContain(reason);

      // Sent again and accepted: every item is accepted, so the link is done.
      const again = await png();
      const created = await create(link, photo!.id, again.length);
      expect((await patch(link, created.headers.get('location')!, 0, again)).status).toBe(204);
      const last = await t.request({
        method: 'POST',
        url: `/api/application/documentRequest/${link.applicationId}/items/${photo!.id}/accept`,
        token: staff.token,
      });
      expect(last.json().request.status).toBe('done');
      expect((await t.request({ method: 'GET', url: '/api/documents', headers: { 'x-document-token': link.token } })).statusCode).toBe(404);

      const actions = (await t.db.selectFrom('audit_events').select('action').where('entity_id', '=', link.applicationId).execute()).map(
        (a) => a.action,
      );
      expect(actions).toEqual(
        expect.arrayContaining([
          'document_request.sent',
          'document_request.received',
          'document_request.accepted',
          'document_request.asked_again',
          'application.documents.add',
        ]),
      );
    });
  });
});
