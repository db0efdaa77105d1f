import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { type Application, ApplicationSchema } from '@visa/shared/applications';
import { todayIn } from '@visa/shared/dates';
import { SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { listAuditFor } from '../../src/modules/kernel/audit/repository.js';
import { addApplication, applicationFields, multipart, tableCounts } from '@visa/test-support/applications';
import { jpeg, phonePhoto, png } from '@visa/test-support/images';
import { listFiles } from '@visa/test-support/test-app';
import { appForFile, staffForFile } from '@visa/test-support/file-app';

const t = appForFile();
const staff = staffForFile(t, 'admin');

const uploads = () => listFiles(t.dataDir).filter((f) => f.startsWith('uploads/private/'));
const keyOf = (signedUrl: string) => new URL(signedUrl, 'http://x').pathname.replace(/^\/files\//, '');
const get = (url: string, token = staff.token) => t.request({ method: 'GET', url, token });

async function created(fields = applicationFields()): Promise<Application> {
  const res = await addApplication(t, staff.token, fields);
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('who may call', () => {
  it('answers 401 to anonymous callers and to a signed-out session on every route, and changes nothing', async () => {
    const app = await created();
    const before = await tableCounts(t);
    const files = listFiles(t.dataDir);
    const calls = [
      { method: 'GET', url: '/api/application/fetchApplication' },
      { method: 'GET', url: `/api/application/fetchApplication/${app._id}` },
      { method: 'GET', url: '/api/application/checkAvailability?email=a@b.c' },
      { method: 'GET', url: '/api/application/export' },
      { method: 'GET', url: '/api/application/stats' },
      { method: 'POST', url: '/api/application/addApplication', payload: multipart(applicationFields()) },
      { method: 'PUT', url: `/api/application/updateApplication/${app._id}`, payload: multipart(applicationFields()) },
      { method: 'DELETE', url: `/api/application/deleteApplication/${app._id}` },
    ] as const;
    const other = await t.createStaff('admin');
    await t.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', other.id).execute();
    for (const call of calls) {
      for (const token of [undefined, other.token]) {
        const res = await t.request({ ...call, token });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        // A token whose session ended says why (ADR 0018); an anonymous call hears nothing more.
        expect(res.json()).toEqual({ message: SERVER.unauthorized, ...(token ? { reason: 'elsewhere' } : {}) });
      }
    }
    expect(await tableCounts(t)).toEqual(before);
    expect(listFiles(t.dataDir)).toEqual(files);
  });

  it('lets both staff roles in (applications are everyday work for sub-admins too)', async () => {
    const superadmin = await t.createStaff('superadmin');
    expect((await get('/api/application/fetchApplication', superadmin.token)).statusCode).toBe(200);
    expect((await get('/api/application/fetchApplication', staff.token)).statusCode).toBe(200);
  });
});

describe('add an application', () => {
  it('stores every field, a re-encoded photo without EXIF/GPS and a WebP thumbnail, and answers 201 with the application', async () => {
    const filesBefore = uploads();
    const fields = applicationFields({ passport: 'ab 12c9999', email: '  Mixed.Case@Example.COM ', surname: '  Hossain ' });
    const res = await addApplication(t, staff.token, fields, { bytes: await phonePhoto(), name: 'IMG_0001.JPG', type: 'image/jpeg' });
    expect(res.statusCode).toBe(201);
    const body = ApplicationSchema.parse(res.json());
    expect(body).toMatchObject({
      surname: 'Hossain',
      givenN: fields.givenN,
      email: 'mixed.case@example.com',
      passport: 'AB12C9999',
      jobTitle: 'Electrician',
      sex: 'Male',
      dob: '1990-04-12',
      isStatus: 'pending',
      pending: todayIn('Asia/Dhaka'),
      approve: null,
      isAdmin: false,
      file1: [],
      file1PublicId: [],
      documents: [],
    });
    expect(body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(body.image).toMatch(/^\/files\/private\/[0-9a-f]{32}\.jpg\?exp=\d+&sig=/);
    expect(body.thumbnail).toMatch(/^\/files\/private\/[0-9a-f]{32}\.webp\?exp=\d+&sig=/);
    // Two new files, named by random keys, nothing from the uploaded name.
    const added = uploads().filter((f) => !filesBefore.includes(f));
    expect(added).toHaveLength(2);
    expect(added.join()).not.toMatch(/IMG/i);

    const photo = await t.request({ method: 'GET', url: body.image! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(photo.rawPayload).metadata();
    // Orientation 6 applied (portrait now), longest side capped at 1600, EXIF (and its GPS) gone.
    expect([meta.width, meta.height]).toEqual([800, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const thumb = await t.request({ method: 'GET', url: body.thumbnail! });
    expect(thumb.headers['content-type']).toBe('image/webp');
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.format, thumbMeta.width, thumbMeta.height]).toEqual(['webp', 160, 160]);
  });

  it('accepts a PNG and a JPEG named .png (the bytes decide), storing both as JPEG', async () => {
    const a = await addApplication(t, staff.token, applicationFields(), { bytes: await png(), name: 'p.png', type: 'image/png' });
    expect(a.statusCode).toBe(201);
    const b = await addApplication(t, staff.token, applicationFields(), { bytes: await jpeg(), name: 'p.png', type: 'image/png' });
    expect(b.statusCode).toBe(201);
    expect(b.json().image).toMatch(/\.jpg\?/);
  });

  it('records who created it and which fields, without values or file bytes', async () => {
    const app = await created();
    const [event] = await listAuditFor(t.db, 'application', app._id);
    expect(event).toMatchObject({ action: 'application.create', actor: { _id: staff.id } });
    expect(event!.details.fields).toContain('passport');
    expect(JSON.stringify(event!.details)).not.toContain(app.passport);
  });

  // The field is named in `errors` so the form can show the message under it.
  it('refuses a second application with the same email or passport with 409, the required message and the field', async () => {
    const first = await created();
    const files = listFiles(t.dataDir);
    const before = await tableCounts(t);
    const sameEmail = await addApplication(t, staff.token, applicationFields({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: VALIDATION.emailTaken, errors: [{ path: 'email', message: VALIDATION.emailTaken }] });
    const samePassport = await addApplication(
      t,
      staff.token,
      applicationFields({ passport: first.passport.toLowerCase().replace(/(..)/, '$1 ') }),
    );
    expect(samePassport.statusCode).toBe(409);
    expect(samePassport.json()).toEqual({
      message: VALIDATION.passportTaken,
      errors: [{ path: 'passport', message: VALIDATION.passportTaken }],
    });
    expect(await tableCounts(t)).toEqual(before);
    expect(listFiles(t.dataDir)).toEqual(files);
  });

  it('lets exactly one of two simultaneous duplicates win (the unique index decides) and leaves no orphan file', async () => {
    const files = uploads();
    const before = await tableCounts(t);
    const fields = applicationFields();
    const [a, b] = await Promise.all([
      addApplication(t, staff.token, fields),
      addApplication(t, staff.token, { ...applicationFields(), email: fields.email, passport: fields.passport }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect([VALIDATION.emailTaken, VALIDATION.passportTaken]).toContain(loser.json().message);
    expect((await tableCounts(t)).applications).toBe(before.applications + 1);
    // Only the winner's photo and thumbnail remain.
    expect(uploads().filter((f) => !files.includes(f))).toHaveLength(2);
  });

  it('tells the form whether an email or passport is taken, ignoring the application being edited', async () => {
    const app = await created();
    const check = (q: string) => get(`/api/application/checkAvailability?${q}`).then((r) => r.json());
    expect(await check(`email=${encodeURIComponent(app.email.toUpperCase())}&passport=zz999999`)).toEqual({
      emailTaken: true,
      passportTaken: false,
    });
    expect(await check(`passport=${app.passport.toLowerCase()}`)).toEqual({ emailTaken: false, passportTaken: true });
    expect(await check(`email=${encodeURIComponent(app.email)}&passport=${app.passport}&exceptId=${app._id}`)).toEqual({
      emailTaken: false,
      passportTaken: false,
    });
    expect((await get('/api/application/checkAvailability?exceptId=nope')).json()).toEqual({
      message: VALIDATION.invalidId,
      errors: expect.any(Array),
    });
  });
});

describe('private photo URLs', () => {
  it('work only with their signature, and stop working once expired', async () => {
    const app = await created();
    const key = keyOf(app.image!);
    expect((await t.request({ method: 'GET', url: app.image! })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: app.image!.replace(/sig=[^&]+/, 'sig=forged') })).statusCode).toBe(403);
    // The thumbnail's signature does not open the photo.
    const thumbQuery = app.thumbnail!.slice(app.thumbnail!.indexOf('?'));
    expect((await t.request({ method: 'GET', url: `/files/${key}${thumbQuery}` })).statusCode).toBe(403);
    // Signed an hour ago with a 15-minute life: expired.
    const expired = t.app.urls.sign(key, 15 * 60, Date.now() - 3_600_000);
    const res = await t.request({ method: 'GET', url: expired });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER.forbidden });
    // The URL handed out dies at its exp: a check one second later fails.
    const url = new URL(app.image!, 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    expect(t.app.urls.verify(key, String(exp), url.searchParams.get('sig')!, exp * 1000 - 1000)).toBe(true);
    expect(t.app.urls.verify(key, String(exp), url.searchParams.get('sig')!, exp * 1000 + 1000)).toBe(false);
  });
});

describe('CSV export safety', () => {
  it('neutralises cells a spreadsheet would run as a formula and escapes quotes and line breaks', async () => {
    const app = await created(
      applicationFields({
        surname: '=HYPERLINK("http://evil")',
        givenN: '@SUM(A1)',
        phone: '+8801712345678',
        identification: 'Scar "left"\nhand',
        company: '-2+3',
        passport: 'QX7777777',
      }),
    );
    const res = await get('/api/application/export?search=qx7777777');
    // Browsers send line breaks in form fields as CRLF, so the quoted cell holds one.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const text = res.body.slice(1);
    const row = text.slice(text.indexOf('\r\n'));
    expect(row.startsWith(`\r\n${app._id},"'=HYPERLINK(""http://evil"")",'@SUM(A1),`)).toBe(true);
    expect(row).toContain(",'+8801712345678,");
    expect(row).toContain(',"Scar ""left""\r\nhand",');
    expect(row).toContain(",'-2+3,");
  });
});

describe('one application by id', () => {
  it('answers it, 404 for an unknown id and 400 for a malformed one', async () => {
    const app = await created();
    const res = await get(`/api/application/fetchApplication/${app._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: app._id, passport: app.passport });
    const unknown = await get('/api/application/fetchApplication/0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SERVER.notFound });
    for (const id of ['abc', '0123456789ABCDEF01234567', '0123456789abcdef0123456z', `${app._id}0`]) {
      const bad = await get(`/api/application/fetchApplication/${id}`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().message).toBe(VALIDATION.invalidId);
    }
  });
});

describe('update an application', () => {
  const update = (id: string, fields: Record<string, string>, image?: Parameters<typeof multipart>[1]) =>
    t.request({ method: 'PUT', url: `/api/application/updateApplication/${id}`, token: staff.token, payload: multipart(fields, image) });

  it('changes the fields, keeps the photo when none is sent, and audits the changed field names', async () => {
    const app = await created();
    const fields = applicationFields({ email: app.email, passport: app.passport, surname: 'Updated', jobTitle: 'Cook' });
    const res = await update(app._id, fields);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ _id: app._id, surname: 'Updated', jobTitle: 'Cook', passport: app.passport });
    expect(keyOf(body.image)).toBe(keyOf(app.image!));
    expect(body.updatedAt >= app.updatedAt).toBe(true);
    const events = await listAuditFor(t.db, 'application', app._id);
    expect(events.at(-1)).toMatchObject({ action: 'application.update', details: { fields: ['surname', 'jobTitle'], image: false } });
  });

  it('replaces the photo: the new file is stored, the old one removed after the change is saved', async () => {
    const app = await created();
    const oldKeys = [keyOf(app.image!), keyOf(app.thumbnail!)];
    const res = await update(app._id, applicationFields({ email: app.email, passport: app.passport }), {
      bytes: await png(),
      name: 'new.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(keyOf(body.image)).not.toBe(oldKeys[0]);
    for (const key of oldKeys) expect(await t.storage.exists(key)).toBe(false);
    expect(await t.storage.exists(keyOf(body.image))).toBe(true);
    expect(await t.storage.exists(keyOf(body.thumbnail))).toBe(true);
  });

  it("refuses another application's email or passport with 409", async () => {
    const a = await created();
    const b = await created();
    const res = await update(b._id, applicationFields({ email: a.email, passport: b.passport }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: VALIDATION.emailTaken, errors: [{ path: 'email', message: VALIDATION.emailTaken }] });
    const res2 = await update(b._id, applicationFields({ email: b.email, passport: a.passport }));
    expect(res2.json()).toMatchObject({ errors: [{ path: 'passport', message: VALIDATION.passportTaken }] });
  });
});

describe('delete an application', () => {
  it('removes the row, its documents and every file, and audits it', async () => {
    const app = await created();
    // A document as the applicant-file module stores it.
    const docKey = 'private/0123456789abcdef0123456789abcdef.jpg';
    await t.storage.put(docKey, await jpeg(), 'image/jpeg');
    await t.db
      .insertInto('application_documents')
      .values({
        id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        application_id: app._id,
        storage_key: docKey,
        label: 'Visa',
        content_type: 'image/jpeg',
        size: 10,
        position: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const withDoc = (await get(`/api/application/fetchApplication/${app._id}`)).json();
    expect(withDoc.file1PublicId).toEqual([docKey]);
    expect(withDoc.documents[0]).toMatchObject({ label: 'Visa', publicId: docKey });

    const res = await t.request({ method: 'DELETE', url: `/api/application/deleteApplication/${app._id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: APPLICATION_TEXTS.deleted });
    expect(await t.db.selectFrom('applications').select('id').where('id', '=', app._id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('application_documents').select('id').where('application_id', '=', app._id).execute()).toEqual([]);
    for (const key of [keyOf(app.image!), keyOf(app.thumbnail!), docKey]) expect(await t.storage.exists(key)).toBe(false);
    expect((await listAuditFor(t.db, 'application', app._id)).at(-1)).toMatchObject({
      action: 'application.delete',
      details: { files: 3 },
    });

    const again = await t.request({ method: 'DELETE', url: `/api/application/deleteApplication/${app._id}`, token: staff.token });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 Invalid ID format for a malformed id and changes nothing', async () => {
    const before = await tableCounts(t);
    const res = await t.request({ method: 'DELETE', url: '/api/application/deleteApplication/12345', token: staff.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VALIDATION.invalidId);
    expect(await tableCounts(t)).toEqual(before);
  });
});
