import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APPLICANT_FILE_TEXTS as M, MAX_DOCUMENTS_PER_UPLOAD } from '@visa/shared/applicant-file';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { VALIDATION, documentInvalidType, documentTooLarge } from '@visa/shared/ui-texts';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { listEmailsFor } from '../../src/modules/domain/applicant-notices/outbox-status-repository.js';
import { type FilePart, createApplication } from '@visa/test-support/applications';
import { jpeg, pdf, pngClaimingHugeSize } from '@visa/test-support/images';
import { listFiles } from '@visa/test-support/test-app';
import { base, documentsForm, jpegPart, pngPart, applicantFileApp } from './fixtures.js';

const { t, staff, put, upload, snapshot } = applicantFileApp();

const keyOf = (signedUrl: string) => new URL(signedUrl, 'http://x').pathname.replace(/^\/files\//, '');

describe('documents', () => {
  it('stores two labelled documents re-encoded, lists all documents with signed URLs and keys, and queues one email', async () => {
    const app = await createApplication(t.db);
    const withGps = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#ddeeff' } })
      .jpeg()
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
      .toBuffer();
    const res = await upload(
      app.id,
      documentsForm(
        [
          { bytes: withGps, name: 'visa.jpg', type: 'image/jpeg' },
          { ...(await pngPart('lmia scan.png')), type: 'application/octet-stream' },
        ],
        ['Visa', 'LMIA'],
      ),
    );
    expect(res.statusCode).toBe(200);
    const body = ApplicationSchema.parse(res.json());
    expect(body.documents.map((d) => d.label)).toEqual(['Visa', 'LMIA']);
    expect(body.file1).toEqual(body.documents.map((d) => d.url));
    expect(body.file1PublicId).toEqual(body.documents.map((d) => d.publicId));
    for (const d of body.documents) {
      expect(d.publicId).toMatch(/^private\/doc-[0-9a-f]{24}\.jpg$/);
      expect(d.url).toMatch(/^\/files\/private\/doc-[0-9a-f]{24}\.jpg\?exp=\d+&sig=/);
      expect(d.contentType).toBe('image/jpeg');
      const file = await t.request({ method: 'GET', url: d.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
    }
    // Unsigned, the same file is refused.
    expect((await t.request({ method: 'GET', url: `/files/${body.file1PublicId[0]}` })).statusCode).toBe(403);

    const [event] = await listAuditFor(t.db, 'application', app.id);
    expect(event).toMatchObject({
      action: 'application.documents.add',
      actor: { _id: staff.id },
      details: {
        documents: [
          { _id: body.documents[0]!._id, label: 'Visa', name: 'visa.jpg' },
          { _id: body.documents[1]!._id, label: 'LMIA', name: 'lmia scan.png' },
        ],
      },
    });
    const emails = await listEmailsFor(t.db, app.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('New documents on your visa application | আপনার ভিসা আবেদনে নতুন নথি');

    // A second upload appends after the first ones.
    const again = await upload(app.id, documentsForm([await jpegPart('air.jpg')], ['Air Tickets']));
    expect(again.json().documents.map((d: { label: string }) => d.label)).toEqual(['Visa', 'LMIA', 'Air Tickets']);
  });

  it('files without labels (as the earlier app sent them) are labelled Other', async () => {
    const app = await createApplication(t.db);
    const res = await upload(app.id, documentsForm([await jpegPart(), await pngPart()], null));
    expect(res.statusCode).toBe(200);
    expect(res.json().documents.map((d: { label: string }) => d.label)).toEqual(['Other', 'Other']);
  });

  it("the earlier client's file1 … file6 parts are stored in their slots' order; a non-image among them stores none", async () => {
    const app = await createApplication(t.db);
    const slots = (parts: [string, FilePart][]) => {
      const form = new FormData();
      for (const [field, f] of parts) form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
      return form;
    };
    const res = await upload(
      app.id,
      slots([
        ['file3', await jpegPart('three.jpg')],
        ['file1', await pngPart('one.png')],
        ['file6', await jpegPart('six.jpg')],
        ['file2', await jpegPart('two.jpg')],
      ]),
    );
    expect(res.statusCode).toBe(200);
    const [event] = await listAuditFor(t.db, 'application', app.id);
    expect((event!.details as { documents: { name: string; label: string }[] }).documents).toMatchObject([
      { name: 'one.png', label: 'Other' },
      { name: 'two.jpg', label: 'Other' },
      { name: 'three.jpg', label: 'Other' },
      { name: 'six.jpg', label: 'Other' },
    ]);
    expect(res.json().documents).toHaveLength(4);

    const before = await snapshot(app.id);
    const refused = await upload(
      app.id,
      slots([
        ['file1', await jpegPart('fine.jpg')],
        ['file2', { bytes: pdf(), name: 'letter.pdf', type: 'image/jpeg' }],
      ]),
    );
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(documentInvalidType('letter.pdf', 'application/pdf'));
    const seventh = await upload(app.id, slots([['file7', await jpegPart()]]));
    expect([seventh.statusCode, seventh.json().message]).toEqual([400, M.unexpectedField]);
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('one wrong-type file among good ones: 415 with the required message, and none of the files is stored', async () => {
    const app = await createApplication(t.db);
    await upload(app.id, documentsForm([await jpegPart('first.jpg')]));
    const before = await snapshot(app.id);
    const res = await upload(
      app.id,
      documentsForm(
        [await jpegPart('good.jpg'), { bytes: pdf(), name: 'scan.pdf', type: 'application/pdf' }, await pngPart('good.png')],
        ['Visa', 'Visa Form', 'Other'],
      ),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(documentInvalidType('scan.pdf', 'application/pdf'));
    expect(res.json().message).toBe('Invalid file type: scan.pdf (application/pdf). Allowed types are JPEG and PNG.');
    expect(res.json().errors).toEqual([{ path: 'file1.1', message: documentInvalidType('scan.pdf', 'application/pdf') }]);
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('judges files by their bytes: a PDF named .jpg is refused, a PNG sent as octet-stream is accepted', async () => {
    const app = await createApplication(t.db);
    const res = await upload(app.id, documentsForm([{ bytes: pdf(), name: 'photo.jpg', type: 'image/jpeg' }]));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Invalid file type: photo.jpg (application/pdf). Allowed types are JPEG and PNG.');
    const text = await upload(app.id, documentsForm([{ bytes: Buffer.from('hello'), name: 'notes.txt', type: 'text/plain' }]));
    expect(text.json().message).toBe(documentInvalidType('notes.txt', 'text/plain'));
    const empty = await upload(app.id, documentsForm([{ bytes: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' }]));
    expect(empty.statusCode).toBe(415);
    expect(empty.json().message).toBe(documentInvalidType('empty.jpg', 'unknown'));
  });

  it('accepts exactly 7 MB and refuses one byte more with 413 and the required message', async () => {
    const app = await createApplication(t.db);
    const small = await jpeg(200, 200);
    // Bytes after the JPEG end marker are ignored by decoders: a valid image of an exact size.
    const exact = Buffer.concat([small, Buffer.alloc(DOCUMENT_MAX_BYTES - small.length)]);
    const ok = await upload(app.id, documentsForm([{ bytes: exact, name: 'exact.jpg', type: 'image/jpeg' }]));
    expect(ok.statusCode).toBe(200);

    const before = await snapshot(app.id);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const res = await upload(app.id, documentsForm([await jpegPart('fine.jpg'), { bytes: over, name: 'big.jpg', type: 'image/jpeg' }]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(documentTooLarge('big.jpg'));
    expect(res.json().message).toBe('File too large: big.jpg. Maximum allowed size is 7 MB.');
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('refuses malformed uploads with a 4xx and stores nothing', async () => {
    const app = await createApplication(t.db);
    const before = await snapshot(app.id);
    const truncated = (await jpeg(400, 300)).subarray(0, 600);
    const tooMany = await Promise.all(Array.from({ length: MAX_DOCUMENTS_PER_UPLOAD + 1 }, () => jpegPart()));
    const wrongField = new FormData();
    wrongField.append('image', new Blob([new Uint8Array(await jpeg(64, 48))], { type: 'image/jpeg' }), 'x.jpg');
    const cases: [string, () => ReturnType<typeof upload>, number, string][] = [
      ['no files', async () => upload(app.id, documentsForm([], ['Visa'])), 400, M.noDocuments],
      ['fewer labels', async () => upload(app.id, documentsForm([await jpegPart(), await jpegPart()], ['Visa'])), 400, M.labelsMismatch],
      ['unknown label', async () => upload(app.id, documentsForm([await jpegPart()], ['Passport'])), 400, M.unknownLabel],
      [
        'pixel bomb',
        async () => upload(app.id, documentsForm([{ bytes: pngClaimingHugeSize(), name: 'bomb.png', type: 'image/png' }])),
        400,
        M.documentUnreadable('bomb.png'),
      ],
      [
        'truncated JPEG',
        async () => upload(app.id, documentsForm([{ bytes: truncated, name: 'cut.jpg', type: 'image/jpeg' }])),
        400,
        M.documentUnreadable('cut.jpg'),
      ],
      ['too many files', async () => upload(app.id, documentsForm(tooMany)), 413, M.tooManyDocuments],
      ['wrong field', async () => upload(app.id, wrongField), 400, M.unexpectedField],
      ['not multipart', async () => put(`${base}/updateApplicationAdd/${app.id}`, { file1: 'x' }), 415, M.notMultipart],
      ['bad id', async () => upload('123', documentsForm([await jpegPart()])), 400, VALIDATION.invalidId],
      ['unknown id', async () => upload('c'.repeat(24), documentsForm([await jpegPart()])), 404, M.applicationNotFound],
    ];
    for (const [name, call, status, message] of cases) {
      const res = await call();
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toBe(message);
    }
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('removes one document: row, file and an entry in the history; other documents stay', async () => {
    const app = await createApplication(t.db);
    const added = ApplicationSchema.parse(
      (await upload(app.id, documentsForm([await jpegPart('a.jpg'), await pngPart('b.png')], ['Visa', 'Other']))).json(),
    );
    const [wrong, right] = added.documents;
    const res = await t.request({ method: 'DELETE', url: `${base}/deleteApplicationDocument/${app.id}/${wrong!._id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const body: Application = res.json();
    expect(body.documents.map((d) => d._id)).toEqual([right!._id]);
    expect(await t.storage.exists(wrong!.publicId)).toBe(false);
    expect(await t.storage.exists(right!.publicId)).toBe(true);
    expect(listFiles(t.dataDir)).not.toContain(`uploads/${keyOf(wrong!.url)}`);
    const history = await listAuditFor(t.db, 'application', app.id);
    expect(history.at(-1)).toMatchObject({ action: 'application.documents.remove', details: { documentId: wrong!._id, label: 'Visa' } });

    const again = await t.request({
      method: 'DELETE',
      url: `${base}/deleteApplicationDocument/${app.id}/${wrong!._id}`,
      token: staff.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: M.documentNotFound });
  });

  it('refuses to remove a document through another application, or with malformed ids', async () => {
    const owner = await createApplication(t.db);
    const other = await createApplication(t.db);
    const added = ApplicationSchema.parse((await upload(owner.id, documentsForm([await jpegPart()]))).json());
    const docId = added.documents[0]!._id;
    const before = await snapshot(owner.id);
    const del = (url: string) => t.request({ method: 'DELETE', url, token: staff.token });
    const crossed = await del(`${base}/deleteApplicationDocument/${other.id}/${docId}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ message: M.documentNotFound });
    expect((await del(`${base}/deleteApplicationDocument/${owner.id}/nope`)).json()).toEqual({
      message: VALIDATION.invalidId,
      errors: expect.any(Array),
    });
    expect((await del(`${base}/deleteApplicationDocument/${'d'.repeat(24)}/${docId}`)).statusCode).toBe(404);
    expect(await snapshot(owner.id)).toEqual(before);
  });
});
