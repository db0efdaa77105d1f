import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import type { Application } from '@visa/shared/applications';
import { SERVER, VALIDATION, pleaseEnterValid } from '@visa/shared/ui-texts';
import { type FilePart, addApplication, applicationFields, multipart, tableCounts } from '@visa/test-support/applications';
import { jpeg, noisyPng, pdf, png, pngBomb } from '@visa/test-support/images';
import { type TestApp, createTestApp, listFiles } from '@visa/test-support/test-app';

/**
 * Every bad input answers a clear 4xx with {message}, and the database rows and the upload folder
 * are exactly as they were before the request.
 */
let t: TestApp;
let token: string;
let existing: Application;
let other: Application;
let tenMegabytePlus: Buffer;
let threeMegabytes: Buffer;
let bomb: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.createStaff()).token;
  existing = (await addApplication(t, token)).json();
  other = (await addApplication(t, token)).json();
  [tenMegabytePlus, threeMegabytes, bomb] = await Promise.all([noisyPng(11), noisyPng(3), pngBomb()]);
  expect(tenMegabytePlus.length).toBeGreaterThan(11 * 1024 * 1024);
  expect(threeMegabytes.length).toBeGreaterThan(2 * 1024 * 1024);
  expect(threeMegabytes.length).toBeLessThan(10 * 1024 * 1024);
}, 120_000);
afterAll(() => t.close());

async function expectRefused(
  send: () => Promise<{ statusCode: number; json: () => { message?: unknown } }>,
  status: number,
  message: string,
) {
  const rows = await tableCounts(t);
  const stored = await t.db.selectFrom('applications').selectAll().orderBy('id').execute();
  const files = listFiles(t.dataDir);
  const res = await send();
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await tableCounts(t)).toEqual(rows);
  expect(await t.db.selectFrom('applications').selectAll().orderBy('id').execute()).toEqual(stored);
  expect(listFiles(t.dataDir)).toEqual(files);
}

const add = (fields: Record<string, string>, image?: FilePart | null, imageField?: string) => () =>
  t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: multipart(fields, image, imageField) });
const edit = (id: string, fields: Record<string, string>, image?: FilePart | null) => () =>
  t.request({ method: 'PUT', url: `/api/application/updateApplication/${id}`, token, payload: multipart(fields, image) });
const editFields = () => applicationFields({ email: existing.email, passport: existing.passport });
const photo = async (): Promise<FilePart> => ({ bytes: await jpeg(), name: 'photo.jpg', type: 'image/jpeg' });

describe('wrong types and missing fields', () => {
  it('refuses JSON, a text field sent as a file, an object sent as a field value, and a body that is not a form', async () => {
    await expectRefused(
      () => t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: applicationFields() }),
      415,
      APPLICATION_TEXTS.notMultipart,
    );
    await expectRefused(
      add(applicationFields(), { bytes: Buffer.from('Rahman'), name: 's.txt', type: 'text/plain' }, 'surname'),
      400,
      APPLICATION_TEXTS.malformedForm,
    );
    const jsonField = new FormData();
    for (const [k, v] of Object.entries(applicationFields())) jsonField.append(k, v);
    jsonField.set('surname', new Blob(['{"a":1}'], { type: 'application/json' }));
    await expectRefused(
      () => t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: jsonField }),
      400,
      APPLICATION_TEXTS.malformedForm,
    );
    await expectRefused(
      () =>
        t.request({
          method: 'POST',
          url: '/api/application/addApplication',
          token,
          headers: { 'content-type': 'multipart/form-data; boundary=XYZ' },
          payload: '--XYZ\r\nContent-Disposition: form-data; name="surname"\r\n\r\nRah',
        }),
      400,
      APPLICATION_TEXTS.malformedForm,
    );
  });

  it('refuses a field sent twice', async () => {
    const form = multipart(applicationFields(), await photo());
    form.append('email', 'second@example.com');
    await expectRefused(
      () => t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: form }),
      400,
      APPLICATION_TEXTS.malformedForm,
    );
  });

  it('answers the first missing field in the order of the form rules', async () => {
    await expectRefused(add({}, await photo()), 400, VALIDATION.surnameLength);
    const { passport: _p, ...noPassport } = applicationFields();
    await expectRefused(add(noPassport, await photo()), 400, pleaseEnterValid('passport'));
    const { sex: _s, dob: _d, ...noSex } = applicationFields();
    await expectRefused(add(noSex, await photo()), 400, pleaseEnterValid('sex'));
    await expectRefused(add(applicationFields({ sex: 'Other' }), await photo()), 400, pleaseEnterValid('sex'));
    await expectRefused(add(applicationFields({ salary: '   ' }), await photo()), 400, pleaseEnterValid('salary'));
  });
});

describe('field rules', () => {
  it('refuses names of 2 and 32 characters (add and edit messages)', async () => {
    await expectRefused(add(applicationFields({ surname: 'Al' }), await photo()), 400, VALIDATION.surnameLength);
    await expectRefused(add(applicationFields({ surname: 'x'.repeat(32) }), await photo()), 400, VALIDATION.surnameLength);
    await expectRefused(add(applicationFields({ givenN: 'Jo' }), await photo()), 400, VALIDATION.givenNameLength);
    await expectRefused(add(applicationFields({ givenN: 'y'.repeat(32) }), await photo()), 400, VALIDATION.givenNameLength);
    await expectRefused(edit(existing._id, { ...editFields(), surname: 'Al' }), 400, VALIDATION.namesLengthEdit);
    await expectRefused(edit(existing._id, { ...editFields(), givenN: 'y'.repeat(32) }), 400, VALIDATION.namesLengthEdit);
  });

  it('refuses an email with spaces, a phone with letters, an unknown job title', async () => {
    await expectRefused(add(applicationFields({ email: 'kar im@example.com' }), await photo()), 400, VALIDATION.email);
    await expectRefused(add(applicationFields({ phone: '01712-ABC' }), await photo()), 400, VALIDATION.phone);
    await expectRefused(add(applicationFields({ jobTitle: 'Astronaut' }), await photo()), 400, pleaseEnterValid('job title'));
    await expectRefused(edit(existing._id, { ...editFields(), phone: 'call me' }), 400, VALIDATION.phone);
  });

  it('refuses a date of birth in the future or not a date', async () => {
    for (const dob of ['2999-01-01', '1990-02-30', '12/04/1990', 'yesterday', '']) {
      await expectRefused(add(applicationFields({ dob }), await photo()), 400, pleaseEnterValid('date of birth'));
    }
  });
});

describe('files', () => {
  it('refuses a missing image on add', async () => {
    await expectRefused(add(applicationFields(), null), 400, APPLICATION_TEXTS.imageRequired);
  });

  it('names the photo as the field of its refusals, so the form shows them under it', async () => {
    const missing = await add(applicationFields(), null)();
    expect(missing.json()).toEqual({
      message: APPLICATION_TEXTS.imageRequired,
      errors: [{ path: 'image', message: APPLICATION_TEXTS.imageRequired }],
    });
    const pdfAsJpg = { bytes: pdf(), name: 'photo.jpg', type: 'image/jpeg' };
    const wrongType = await edit(existing._id, editFields(), pdfAsJpg)();
    expect(wrongType.json()).toEqual({ message: VALIDATION.imageTypeEdit, errors: [{ path: 'image', message: VALIDATION.imageTypeEdit }] });
  });

  it('refuses a PNG renamed .pdf and a PDF renamed .jpg with 415', async () => {
    const pngAsPdf = { bytes: await png(), name: 'photo.pdf', type: 'application/pdf' };
    const pdfAsJpg = { bytes: pdf(), name: 'photo.jpg', type: 'image/jpeg' };
    await expectRefused(add(applicationFields(), pngAsPdf), 415, VALIDATION.imageTypeEdit);
    await expectRefused(add(applicationFields(), pdfAsJpg), 415, VALIDATION.imageTypeEdit);
    await expectRefused(edit(existing._id, editFields(), pngAsPdf), 415, VALIDATION.imageTypeEdit);
    await expectRefused(edit(existing._id, editFields(), pdfAsJpg), 415, VALIDATION.imageTypeEdit);
  });

  it('refuses a 0-byte file and a truncated JPEG', async () => {
    await expectRefused(
      add(applicationFields(), { bytes: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' }),
      415,
      VALIDATION.imageTypeEdit,
    );
    const whole = await jpeg(1200, 900);
    const truncated = { bytes: whole.subarray(0, Math.floor(whole.length / 2)), name: 'cut.jpg', type: 'image/jpeg' };
    await expectRefused(add(applicationFields(), truncated), 415, APPLICATION_TEXTS.imageUnreadable);
    await expectRefused(edit(existing._id, editFields(), truncated), 415, APPLICATION_TEXTS.imageUnreadable);
  });

  it('refuses an 11 MB image on add and a 3 MB image on edit with 413 and the required messages', async () => {
    await expectRefused(
      add(applicationFields(), { bytes: tenMegabytePlus, name: 'big.png', type: 'image/png' }),
      413,
      VALIDATION.imageTooLargeAdd,
    );
    await expectRefused(
      edit(existing._id, editFields(), { bytes: threeMegabytes, name: 'big.png', type: 'image/png' }),
      413,
      VALIDATION.imageTooLargeEdit,
    );
  });

  it('refuses a 30 000 × 30 000 PNG (decompression bomb) before decoding it', async () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await expectRefused(
      add(applicationFields(), { bytes: bomb, name: 'bomb.png', type: 'image/png' }),
      413,
      APPLICATION_TEXTS.imageTooManyPixels,
    );
    await expectRefused(
      edit(existing._id, editFields(), { bytes: bomb, name: 'bomb.png', type: 'image/png' }),
      413,
      APPLICATION_TEXTS.imageTooManyPixels,
    );
  });

  it('refuses a second file', async () => {
    const form = multipart(applicationFields(), await photo());
    form.append('image', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'second.jpg');
    await expectRefused(
      () => t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: form }),
      413,
      SERVER.payloadTooLarge,
    );
  });

  it('checks the fields before the image, as the form orders its rules', async () => {
    await expectRefused(
      add(applicationFields({ surname: 'Al' }), { bytes: tenMegabytePlus, name: 'big.png', type: 'image/png' }),
      400,
      VALIDATION.surnameLength,
    );
    await expectRefused(
      add(applicationFields({ email: other.email }), { bytes: tenMegabytePlus, name: 'big.png', type: 'image/png' }),
      409,
      VALIDATION.emailTaken,
    );
  });
});

describe('ids and query parameters', () => {
  it('answers 404 for unknown ids and 400 Invalid ID format for malformed ones', async () => {
    const unknown = 'ffffffffffffffffffffffff';
    await expectRefused(edit(unknown, editFields()), 404, SERVER.notFound);
    await expectRefused(
      () => t.request({ method: 'DELETE', url: `/api/application/deleteApplication/${unknown}`, token }),
      404,
      SERVER.notFound,
    );
    for (const id of ['1', 'zzzzzzzzzzzzzzzzzzzzzzzz', `${existing._id}ab`, '%00']) {
      await expectRefused(edit(id, editFields()), 400, VALIDATION.invalidId);
      await expectRefused(
        () => t.request({ method: 'DELETE', url: `/api/application/deleteApplication/${id}`, token }),
        400,
        VALIDATION.invalidId,
      );
    }
  });

  it('refuses page=-1, page=abc, limit=0 and limit=10000 with a clear message', async () => {
    const list = (q: string) => () => t.request({ method: 'GET', url: `/api/application/fetchApplication?${q}`, token });
    await expectRefused(list('page=-1'), 400, APPLICATION_TEXTS.invalidPage);
    await expectRefused(list('page=abc'), 400, APPLICATION_TEXTS.invalidPage);
    await expectRefused(list('page=1.5'), 400, APPLICATION_TEXTS.invalidPage);
    await expectRefused(list('limit=0'), 400, APPLICATION_TEXTS.invalidLimit);
    await expectRefused(list('limit=10000'), 400, APPLICATION_TEXTS.invalidLimit);
  });

  it('refuses a search with regex characters or one too long, on the list and the export', async () => {
    for (const search of ['.*', '[a-z]+', '(?=x)', 'a'.repeat(61)]) {
      const q = `search=${encodeURIComponent(search)}`;
      await expectRefused(
        () => t.request({ method: 'GET', url: `/api/application/fetchApplication?${q}`, token }),
        400,
        APPLICATION_TEXTS.invalidSearch,
      );
      await expectRefused(
        () => t.request({ method: 'GET', url: `/api/application/export?${q}`, token }),
        400,
        APPLICATION_TEXTS.invalidSearch,
      );
    }
  });
});
