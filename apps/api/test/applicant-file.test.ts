import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICANT_FILE_MESSAGES as M,
  ApplicationHistorySchema,
  CopyVerificationSchema,
  MAX_DOCUMENTS_PER_UPLOAD,
} from '@visa/shared/applicant-file';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';
import { todayIn } from '@visa/shared/dates';
import { SERVER, VALIDATION, documentInvalidType, documentTooLarge } from '@visa/shared/messages';
import { updateStatusIf } from '../src/modules/applications/repository.js';
import { listAuditFor } from '../src/modules/audit/repository.js';
import { listEmailsFor } from '../src/modules/notifications/repository.js';
import { type FilePart, createApplication } from '@visa/test-support/applications';
import { jpeg, pdf, png, pngClaimingHugeSize } from '@visa/test-support/images';
import { type TestApp, createTestApp, listFiles } from '@visa/test-support/test-app';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['createStaff']>>;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://visa.example.com', APP_TIMEZONE: 'Asia/Dhaka' });
  // Deliveries are driven by hand (runOnce) so assertions about them are exact.
  await t.app.outbox.stop();
  staff = await t.createStaff('admin', { name: 'Nadia Staff' });
});
afterAll(() => t.close());

const base = '/api/application';
const put = (url: string, payload?: unknown, token: string | undefined = staff.token) =>
  t.request({ method: 'PUT', url, token, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

function documentsForm(files: FilePart[], labels: string[] | null = files.map(() => 'Visa')): FormData {
  const form = new FormData();
  for (const f of files) form.append('file1', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  for (const l of labels ?? []) form.append('label', l);
  return form;
}
const upload = (id: string, form: FormData, token: string | undefined = staff.token) =>
  t.request({ method: 'PUT', url: `${base}/updateApplicationAdd/${id}`, payload: form as unknown as Record<string, unknown>, token });

const jpegPart = async (name = 'job-letter.jpg'): Promise<FilePart> => ({ bytes: await jpeg(64, 48), name, type: 'image/jpeg' });
const pngPart = async (name = 'lmia.png'): Promise<FilePart> => ({ bytes: await png(64, 48), name, type: 'image/png' });

/** Everything a failed request must leave untouched. */
async function snapshot(applicationId: string) {
  await t.app.outbox.runOnce();
  return {
    files: listFiles(t.dataDir),
    application: await t.db.selectFrom('applications').selectAll().where('id', '=', applicationId).executeTakeFirst(),
    documents: await t.db.selectFrom('application_documents').selectAll().where('application_id', '=', applicationId).execute(),
    audit: await listAuditFor(t.db, 'application', applicationId),
    emails: await listEmailsFor(t.db, applicationId),
  };
}

const keyOf = (signedUrl: string) => new URL(signedUrl, 'http://x').pathname.replace(/^\/files\//, '');

describe('who may call', () => {
  it('answers 401 without a valid session on every applicant-file route and changes nothing', async () => {
    const app = await createApplication(t.db);
    const before = await snapshot(app.id);
    const docId = 'a'.repeat(24);
    const calls = [
      { method: 'PUT', url: `${base}/updateApplicationPending/${app.id}`, payload: {} },
      { method: 'PUT', url: `${base}/updateApplicationApprove/${app.id}`, payload: {} },
      { method: 'PUT', url: `${base}/updateApplicationReject/${app.id}`, payload: {} },
      { method: 'PUT', url: `${base}/updateApplicationAdd/${app.id}`, payload: documentsForm([await jpegPart()]) },
      { method: 'DELETE', url: `${base}/deleteApplicationDocument/${app.id}/${docId}` },
      { method: 'GET', url: `${base}/applicationHistory/${app.id}` },
      { method: 'GET', url: `${base}/applicationCopyPdf/${app.id}` },
      { method: 'GET', url: `${base}/applicantCopyVerification` },
    ] as const;
    for (const call of calls) {
      for (const token of [undefined, 'not-a-token']) {
        const payload = 'payload' in call ? (call.payload as Record<string, unknown>) : undefined;
        const res = await t.request({ method: call.method, url: call.url, payload, token });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json()).toEqual({ message: SERVER.unauthorized });
      }
    }
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('lets both staff roles act (applicant files are everyday work for sub-admins too)', async () => {
    const superadmin = await t.createStaff('superadmin');
    const app = await createApplication(t.db);
    expect((await put(`${base}/updateApplicationApprove/${app.id}`, {}, superadmin.token)).statusCode).toBe(200);
    expect((await put(`${base}/updateApplicationReject/${app.id}`, {}, staff.token)).statusCode).toBe(200);
  });
});

describe('status actions', () => {
  it('refuses an upload sent to a status action (415) instead of acting as if no body came', async () => {
    const app = await createApplication(t.db, { pending_date: '2026-01-10' });
    const before = await snapshot(app.id);
    const form = new FormData();
    form.append('date', '2026-03-04');
    const res = await put(`${base}/updateApplicationApprove/${app.id}`, form);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: SERVER.unsupportedMediaType });
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('approves: status approved, approve date today in APP_TIMEZONE, history and an email to the applicant', async () => {
    const app = await createApplication(t.db, { pending_date: '2026-01-10' });
    const before = todayIn('Asia/Dhaka');
    const res = await put(`${base}/updateApplicationApprove/${app.id}`);
    const after = todayIn('Asia/Dhaka');
    expect(res.statusCode).toBe(200);
    const body = ApplicationSchema.parse(res.json());
    expect(body.isStatus).toBe('approved');
    expect([before, after]).toContain(body.approve);
    expect(body.pending).toBe('2026-01-10');

    const history = await listAuditFor(t.db, 'application', app.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      action: 'application.status',
      actor: { _id: staff.id, name: 'Nadia Staff' },
      details: { from: 'pending', to: 'approved', date: body.approve },
    });
    const [email] = await listEmailsFor(t.db, app.id);
    expect(email).toMatchObject({
      to: app.email,
      status: 'queued',
      subject: 'Visa application update: Approved | ভিসা আবেদনের হালনাগাদ: অনুমোদিত',
    });
    const row = await t.db.selectFrom('email_outbox').selectAll().where('id', '=', email!._id).executeTakeFirstOrThrow();
    expect(row.text_body).toContain('https://visa.example.com/enquiry');
    expect(row.text_body).not.toContain(app.passport);
  });

  it('takes an explicit date for Approve and Pending; Pending clears the approval, Reject clears it too and ignores a date', async () => {
    const app = await createApplication(t.db, { created_at: '2026-01-15T04:00:00.000Z' });
    let res = await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-03-04' });
    expect(res.json()).toMatchObject({ isStatus: 'approved', approve: '2026-03-04' });

    res = await put(`${base}/updateApplicationPending/${app.id}`, { date: '2026-05-06' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isStatus: 'pending', pending: '2026-05-06', approve: null });

    await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-05-20' });
    res = await put(`${base}/updateApplicationReject/${app.id}`, { date: '2026-06-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isStatus: 'rejected', pending: '2026-05-06', approve: null });

    const history = await listAuditFor(t.db, 'application', app.id);
    expect(history.map((e) => e.details)).toEqual([
      { from: 'pending', to: 'approved', date: '2026-03-04' },
      { from: 'approved', to: 'pending', date: '2026-05-06' },
      { from: 'pending', to: 'approved', date: '2026-05-20' },
      { from: 'approved', to: 'rejected', date: null },
    ]);
    expect(await listEmailsFor(t.db, app.id)).toHaveLength(4);
  });

  it('accepts a call without any body, as the earlier app sent it', async () => {
    const app = await createApplication(t.db);
    const res = await t.request({ method: 'PUT', url: `${base}/updateApplicationReject/${app.id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().isStatus).toBe('rejected');
  });

  it('refuses a no-op with 409 and changes nothing', async () => {
    const app = await createApplication(t.db, { status: 'approved', approve_date: '2026-02-02', created_at: '2026-01-15T04:00:00.000Z' });
    const before = await snapshot(app.id);
    const res = await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-02-03' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: M.alreadyInStatus('approved') });
    expect(res.json().message).toBe('This application is already approved.');

    const pending = await createApplication(t.db);
    const res2 = await put(`${base}/updateApplicationPending/${pending.id}`, {});
    expect(res2.statusCode).toBe(409);
    expect(res2.json()).toEqual({ message: 'This application is already pending.' });
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('refuses a date before the day the application was added or after today, in the office time zone', async () => {
    // Added at 20:30 UTC on 1 March, which is already 2 March in Dhaka (UTC+6).
    const app = await createApplication(t.db, { created_at: '2026-03-01T20:30:00.000Z' });
    const before = await snapshot(app.id);
    const today = todayIn('Asia/Dhaka');
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const cases: [string, string, string][] = [
      ['updateApplicationApprove', '2026-03-01', M.dateBeforeCreated],
      ['updateApplicationApprove', tomorrow.toISOString().slice(0, 10), M.dateInFuture],
      ['updateApplicationApprove', '2099-12-31', M.dateInFuture],
    ];
    for (const [path, date, message] of cases) {
      const res = await put(`${base}/${path}/${app.id}`, { date });
      expect(res.statusCode, `${path} ${date}`).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ path: 'date', message }] });
    }
    expect(M.dateBeforeCreated).toBe('The date cannot be before the day the application was added.');
    expect(M.dateInFuture).toBe('The date cannot be in the future.');
    expect(await snapshot(app.id)).toEqual(before);

    // The day it was added (in Dhaka) and today are both fine.
    expect((await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-03-02' })).json()).toMatchObject({
      approve: '2026-03-02',
    });
    const backToPending = await put(`${base}/updateApplicationPending/${app.id}`, { date: '2026-03-01' });
    expect(backToPending.statusCode).toBe(400);
    expect(backToPending.json().message).toBe(M.dateBeforeCreated);
    expect((await put(`${base}/updateApplicationPending/${app.id}`, { date: today })).json()).toMatchObject({ pending: today });
  });

  it('answers bad input with a 4xx and a message, never a 500, and changes nothing', async () => {
    const app = await createApplication(t.db);
    const before = await snapshot(app.id);
    const cases: [string, unknown, number, string][] = [
      [`${base}/updateApplicationApprove/not-an-id`, {}, 400, VALIDATION.invalidId],
      [`${base}/updateApplicationApprove/${'A'.repeat(24)}`, {}, 400, VALIDATION.invalidId],
      [`${base}/updateApplicationApprove/${'b'.repeat(24)}`, {}, 404, M.applicationNotFound],
      [`${base}/updateApplicationApprove/${app.id}`, { date: '2026-02-30' }, 400, M.invalidDate],
      [`${base}/updateApplicationApprove/${app.id}`, { date: '21-11-2026' }, 400, M.invalidDate],
      [`${base}/updateApplicationApprove/${app.id}`, { date: '0202-01-01' }, 400, M.invalidDate],
      [`${base}/updateApplicationPending/${app.id}`, { date: 20261121 }, 400, M.invalidDate],
      [`${base}/updateApplicationPending/${app.id}`, { date: null }, 400, M.invalidDate],
      [`${base}/updateApplicationPending/${app.id}`, [1, 2], 400, SERVER.invalidInput],
    ];
    for (const [url, payload, status, message] of cases) {
      const res = await put(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      if (message !== SERVER.invalidInput) expect(res.json().message).toBe(message);
      else expect(res.json().message).toEqual(expect.any(String));
    }
    const broken = await t.request({
      method: 'PUT',
      url: `${base}/updateApplicationApprove/${app.id}`,
      token: staff.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"date": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toEqual(expect.any(String));
    expect(await snapshot(app.id)).toEqual(before);
  });

  it('Approve and Reject fired together: one outcome per success, and the final state is the last change in the history', async () => {
    for (let round = 0; round < 6; round++) {
      const app = await createApplication(t.db);
      const [approve, reject] = await Promise.all([
        put(`${base}/updateApplicationApprove/${app.id}`, {}),
        put(`${base}/updateApplicationReject/${app.id}`, {}),
      ]);
      const codes = [approve.statusCode, reject.statusCode];
      for (const res of [approve, reject]) {
        expect([200, 409]).toContain(res.statusCode);
        if (res.statusCode === 409) expect(res.json().message).toBe(M.changedMeanwhile);
      }
      const successes = codes.filter((c) => c === 200).length;
      expect(successes).toBeGreaterThanOrEqual(1);

      const row = await t.db.selectFrom('applications').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow();
      const changes = (await listAuditFor(t.db, 'application', app.id)).filter((e) => e.action === 'application.status');
      expect(changes).toHaveLength(successes);
      expect(changes.at(-1)!.details.to).toBe(row.status);
      // Each change starts from the state the previous one left.
      expect(changes[0]!.details.from).toBe('pending');
      if (changes.length === 2) expect(changes[1]!.details.from).toBe(changes[0]!.details.to);
      expect(row.approve_date === null).toBe(row.status === 'rejected');
      expect(await listEmailsFor(t.db, app.id)).toHaveLength(successes);
    }
  });

  it('the conditional update changes nothing when the status is no longer the one read', async () => {
    // On SQLite the two requests above serialise on the one connection, so this is the 409 path's guarantee there.
    const app = await createApplication(t.db, { status: 'approved', approve_date: '2026-01-01' });
    expect(await updateStatusIf(t.db, app.id, 'pending', { isStatus: 'rejected', approve: null })).toBe(false);
    expect(await t.db.selectFrom('applications').selectAll().where('id', '=', app.id).executeTakeFirstOrThrow()).toEqual(app);
    expect(await updateStatusIf(t.db, app.id, 'approved', { isStatus: 'rejected', approve: null })).toBe(true);
  });
});

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

describe('history and email delivery', () => {
  it('lists who changed what and when, and each email with its delivery status', async () => {
    const app = await createApplication(t.db, { created_at: '2026-03-01T04:00:00.000Z' });
    await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-04-01' });
    await upload(app.id, documentsForm([await jpegPart()], ['Work Permit']));
    await t.app.outbox.runOnce();

    const res = await t.request({ method: 'GET', url: `${base}/applicationHistory/${app.id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const { history, emails } = ApplicationHistorySchema.parse(res.json());
    expect(history.map((e) => e.action)).toEqual(['application.status', 'application.documents.add', 'email.sent', 'email.sent']);
    expect(history[0]!.actor).toEqual({ _id: staff.id, name: 'Nadia Staff' });
    expect(history[2]!.actor).toBeNull();
    expect(emails).toHaveLength(2);
    expect(emails.every((e) => e.status === 'sent' && e.attempts === 1 && e.sentAt !== null && e.to === app.email)).toBe(true);
  });

  it('answers 404 for an unknown application and 400 for a malformed id', async () => {
    const unknown = await t.request({ method: 'GET', url: `${base}/applicationHistory/${'e'.repeat(24)}`, token: staff.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: M.applicationNotFound });
    const bad = await t.request({ method: 'GET', url: `${base}/applicationHistory/xyz`, token: staff.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(VALIDATION.invalidId);
  });
});

describe('printable copy', () => {
  it('gives the enquiry address and its QR code for the printed view', async () => {
    const res = await t.request({ method: 'GET', url: `${base}/applicantCopyVerification`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const body = CopyVerificationSchema.parse(res.json());
    expect(body.url).toBe('https://visa.example.com/enquiry');
    expect(body.qr.size).toBeGreaterThanOrEqual(29);
    expect(body.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  });

  it('downloads the copy as an A4 PDF: one page for the copy and one per document', async () => {
    const app = await createApplication(t.db, {}, { storage: t.storage });
    await upload(app.id, documentsForm([await jpegPart(), await pngPart()], ['Visa', 'LMIA']));
    const res = await t.request({ method: 'GET', url: `${base}/applicationCopyPdf/${app.id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="applicants-copy-Rahman-Karim-${app.passport}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(pdf).toContain('/MediaBox [0 0 595.28 841.89]');
    // Photo plus two documents embedded as images.
    expect(pdf.match(/\/Subtype \/Image/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('words the decision as the status is: visa dates once approved, "pending since" before, the decision alone after a refusal', async () => {
    const text = async (id: string) =>
      pdfText((await t.request({ method: 'GET', url: `${base}/applicationCopyPdf/${id}`, token: staff.token })).rawPayload);
    const pending = await text((await createApplication(t.db, { status: 'pending', pending_date: '2026-11-30' })).id);
    expect(pending).toContain('Pending since');
    expect(pending).toContain('30 November 2026');
    expect(pending).toContain('Pending — we will email you when there is news');
    expect(pending).not.toMatch(/collect/i);
    const rejected = await text((await createApplication(t.db, { status: 'rejected', pending_date: '2026-11-30' })).id);
    expect(rejected).toContain('Rejected — please contact our office for advice');
    expect(rejected).not.toMatch(/collect|30 November 2026/i);
    const approved = await text(
      (await createApplication(t.db, { status: 'approved', pending_date: '2026-11-30', approve_date: '2026-12-02' })).id,
    );
    expect(approved).toContain('Visa collect date');
    expect(approved).toContain('2 December 2026');
  });

  it('answers 404 for an unknown application', async () => {
    const res = await t.request({ method: 'GET', url: `${base}/applicationCopyPdf/${'f'.repeat(24)}`, token: staff.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: M.applicationNotFound });
  });
});

/**
 * The text a PDF shows, as PDFKit writes it: every compressed content stream inflated, every hex
 * string of a TJ array decoded in the standard fonts' WinAnsi encoding, lines joined by spaces.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    try {
      return inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      return '';
    }
  });
  // Latin-1 but for the WinAnsi punctuation the copy uses (Node's decoders may lack windows-1252).
  const WIN_ANSI: Record<string, string> = { '\x91': '‘', '\x92': '’', '\x93': '“', '\x94': '”', '\x96': '–', '\x97': '—' };
  const winAnsi = { decode: (bytes: Buffer) => bytes.toString('latin1').replace(/[\x91-\x97]/g, (c) => WIN_ANSI[c] ?? c) };
  return streams
    .flatMap((content) => [...content.matchAll(/\[(.*?)\] TJ/g)])
    .map((m) => [...m[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => winAnsi.decode(Buffer.from(h[1]!, 'hex'))).join(''))
    .join(' ');
}
