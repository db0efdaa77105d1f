import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER, SLIDE, VALIDATION } from '@visa/shared/ui-texts';
import { SLIDE_TEXTS, type Slide } from '@visa/shared/slides';
import { addSlide, picture, publicFiles, slideCount, slideFields, slideForm } from './fixtures.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();
let token: string;
beforeAll(async () => {
  token = (await t.createStaff('admin')).token;
});

const UNKNOWN_ID = 'ffffffffffffffffffffffff';

const fetchSlides = async (asToken?: string) => {
  const res = await t.request({ method: 'GET', url: '/api/slider/fetchSlider', ...(asToken ? { token: asToken } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json() as Slide[];
};
const update = (id: string, payload: object, asToken: string | null = token) =>
  t.request({ method: 'PUT', url: `/api/slider/updateSlider/${id}`, payload, ...(asToken ? { token: asToken } : {}) });
const remove = (id: string, asToken: string | null = token) =>
  t.request({ method: 'DELETE', url: `/api/slider/deleteSlider/${id}`, ...(asToken ? { token: asToken } : {}) });
const reorder = (ids: unknown, asToken: string | null = token) =>
  t.request({ method: 'PUT', url: '/api/slider/reorderSlider', payload: { ids }, ...(asToken ? { token: asToken } : {}) });

async function clearSlides() {
  for (const slide of await fetchSlides(token)) expect((await remove(slide._id)).statusCode).toBe(200);
}

describe('who may do what', () => {
  it('refuses every write, and the single-slide read, to an anonymous caller with 401 and changes nothing', async () => {
    const slide = await addSlide(t, token);
    const before = await slideCount(t);
    const files = publicFiles(t);
    const calls = [
      t.request({ method: 'POST', url: '/api/slider/addSlider', payload: slideForm(slideFields(), [{ file: await picture(400, 200) }]) }),
      update(slide._id, { thumbnail: 'Hacked' }, null),
      t.request({
        method: 'PUT',
        url: `/api/slider/updateSliderImage/${slide._id}`,
        payload: slideForm({}, [{ file: await picture(400, 200) }]),
      }),
      remove(slide._id, null),
      reorder([slide._id], null),
      t.request({ method: 'GET', url: `/api/slider/fetchSlider/${slide._id}` }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SERVER.unauthorized });
    }
    expect(await slideCount(t)).toBe(before);
    expect(publicFiles(t)).toEqual(files);
    const [after] = (await fetchSlides(token)).filter((s) => s._id === slide._id);
    expect(after?.thumbnail).toBe(slide.thumbnail);
  });

  it('lets a sub-admin (not only the super-admin) manage slides', async () => {
    const subAdmin = await t.createStaff('admin');
    const slide = await addSlide(t, subAdmin.token, { thumbnail: 'By a sub-admin' });
    expect((await update(slide._id, { status: 'Unpublished' }, subAdmin.token)).statusCode).toBe(200);
    expect((await remove(slide._id, subAdmin.token)).statusCode).toBe(200);
  });

  it('refuses a write without the anti-forgery header (403)', async () => {
    const slide = await addSlide(t, token);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/slider/updateSlider/${slide._id}`,
      headers: { authorization: `Bearer ${token}` },
      cookies: { 'XSRF-TOKEN': 'cookie-value' },
      payload: { thumbnail: 'Forged' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SERVER.xsrf });
  });

  it('answers 401 to a fetch with a token that does not verify, so the staff list refreshes instead of shrinking', async () => {
    const res = await t.request({ method: 'GET', url: '/api/slider/fetchSlider', token: 'not.a.jwt' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: SERVER.unauthorized });
  });
});

describe('fetchSlider', () => {
  it('shows visitors the published slides only, in display order, and staff all of them', async () => {
    await clearSlides();
    const first = await addSlide(t, token, { thumbnail: 'First' });
    const hidden = await addSlide(t, token, { thumbnail: 'Hidden', status: 'Unpublished' });
    const third = await addSlide(t, token, { thumbnail: 'Third' });

    const publicList = await fetchSlides();
    expect(publicList.map((s) => s.thumbnail)).toEqual(['First', 'Third']);
    expect(publicList.every((s) => s.published && s.status === 'Published')).toBe(true);

    const staffList = await fetchSlides(token);
    expect(staffList.map((s) => s._id)).toEqual([first._id, hidden._id, third._id]);
    expect(staffList.map((s) => s.position)).toEqual([0, 1, 2]);
  });

  it('is cacheable by nobody in between for staff, and revalidated for visitors', async () => {
    const visitor = await t.request({ method: 'GET', url: '/api/slider/fetchSlider' });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toContain('Authorization');
    const staff = await t.request({ method: 'GET', url: '/api/slider/fetchSlider', token });
    expect(staff.headers['cache-control']).toBe('private, no-store');
  });

  it('answers one slide by id to staff, 404 "Resource not found" for an unknown id, 400 for a malformed one', async () => {
    const slide = await addSlide(t, token, { thumbnail: 'One of many', status: 'Unpublished' });
    const one = await t.request({ method: 'GET', url: `/api/slider/fetchSlider/${slide._id}`, token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(slide);
    const unknown = await t.request({ method: 'GET', url: `/api/slider/fetchSlider/${UNKNOWN_ID}`, token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SLIDE.notFound });
    const malformed = await t.request({ method: 'GET', url: '/api/slider/fetchSlider/123', token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(VALIDATION.invalidId);
  });
});

describe('addSlider', () => {
  it('answers 201 with the created item, last in the order, and maps the form default "active" to Published', async () => {
    await clearSlides();
    const earlier = await addSlide(t, token, { thumbnail: 'Earlier' });
    const res = await t.request({
      method: 'POST',
      url: '/api/slider/addSlider',
      token,
      payload: slideForm(slideFields({ status: 'active', link: '  /enquiry  ' }), [{ file: await picture(900, 450) }]),
    });
    expect(res.statusCode).toBe(201);
    const slide = res.json() as Slide;
    expect(slide).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      thumbnail: 'Work in Canada',
      title: 'Construction, care and hospitality jobs with an LMIA.',
      status: 'Published',
      published: true,
      shownOnNavbar: false,
      link: '/enquiry',
      altText: 'Workers on a building site in Toronto',
      position: earlier.position + 1,
    });
    expect(slide.image).toMatch(/^\/media\/slide-[0-9a-f]{24}-[0-9a-f]{8}-900\.jpg$/);
    const audit = await t.db.selectFrom('audit_events').selectAll().where('entity_id', '=', slide._id).execute();
    expect(audit.map((a) => a.action)).toEqual(['slide.create']);
  });

  it.each([
    ['thumbnail', { thumbnail: '   ' }, SLIDE_TEXTS.thumbnailRequired],
    ['title', { title: '' }, SLIDE_TEXTS.titleRequired],
    ['status', { status: 'Draft' }, SLIDE_TEXTS.statusInvalid],
    ['link (script)', { link: 'javascript:alert(1)' }, SLIDE_TEXTS.linkInvalid],
    ['link (other host in disguise)', { link: '//evil.example/' }, SLIDE_TEXTS.linkInvalid],
    ['alt text length', { altText: 'x'.repeat(251) }, SLIDE_TEXTS.altTextTooLong],
    ['thumbnail length', { thumbnail: 'x'.repeat(101) }, SLIDE_TEXTS.thumbnailTooLong],
  ])('refuses a bad %s with 400 and the message, storing nothing', async (_name, overrides, message) => {
    const before = await slideCount(t);
    const files = publicFiles(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/slider/addSlider',
      token,
      payload: slideForm(slideFields(overrides), [{ file: await picture(400, 200) }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await slideCount(t)).toBe(before);
    expect(publicFiles(t)).toEqual(files);
  });

  it.each([
    ['without alt text', {}],
    ['with blank alt text', { altText: '  ' }],
  ])("accepts the contract's multipart {thumbnail, title, status, image} %s: the alt text is the slide's title", async (_name, extra) => {
    const fields = { thumbnail: 'Study in Canada', title: 'Colleges and universities.', status: 'Published', ...extra };
    const res = await t.request({
      method: 'POST',
      url: '/api/slider/addSlider',
      token,
      payload: slideForm(fields, [{ file: await picture(400, 200) }]),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ thumbnail: 'Study in Canada', altText: 'Study in Canada', status: 'Published' });
  });

  it('requires the image', async () => {
    const res = await t.request({ method: 'POST', url: '/api/slider/addSlider', token, payload: slideForm(slideFields()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SLIDE_TEXTS.imageRequired);
  });

  it('refuses JSON instead of a multipart form with 415', async () => {
    const res = await t.request({ method: 'POST', url: '/api/slider/addSlider', token, payload: slideFields() });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(SLIDE_TEXTS.notMultipart);
  });
});

describe('updateSlider', () => {
  it('changes the sent fields and answers the updated item containing _id', async () => {
    const slide = await addSlide(t, token);
    const res = await update(slide._id, {
      thumbnail: 'Visit Canada',
      title: 'Family and tourist visas.',
      link: '',
      altText: 'Niagara Falls',
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Slide;
    expect(updated).toMatchObject({
      _id: slide._id,
      thumbnail: 'Visit Canada',
      title: 'Family and tourist visas.',
      link: '',
      altText: 'Niagara Falls',
    });
    expect(updated.status).toBe(slide.status);
    expect(updated.image).toBe(slide.image);
  });

  it('accepts the whole item minus _id, as the earlier client sends it, ignoring keys it does not own', async () => {
    const slide = await addSlide(t, token);
    const { _id, ...rest } = slide;
    const res = await update(_id, {
      ...rest,
      thumbnail: 'Round trip',
      position: 99,
      image: '/media/other.jpg',
      published: false,
      status: undefined,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ thumbnail: 'Round trip', position: slide.position, image: slide.image, status: 'Unpublished' });
  });

  it('sets the status from `status` or from `published`, and shownOnNavbar', async () => {
    const slide = await addSlide(t, token);
    expect((await update(slide._id, { published: false })).json()).toMatchObject({ status: 'Unpublished', published: false });
    expect((await update(slide._id, { status: 'Published' })).json()).toMatchObject({ status: 'Published', published: true });
    expect((await update(slide._id, { shownOnNavbar: true })).json()).toMatchObject({ shownOnNavbar: true });
  });

  it.each([
    ['status and published disagree', { status: 'Published', published: false }, SLIDE_TEXTS.statusConflict],
    ['nothing to change', {}, SLIDE_TEXTS.nothingToUpdate],
    ['an unsafe link', { link: 'data:text/html,hi' }, SLIDE_TEXTS.linkInvalid],
    ['an empty alt text', { altText: '' }, SLIDE_TEXTS.altTextRequired],
    ['a wrongly typed flag', { shownOnNavbar: 'yes' }, undefined],
  ])('refuses %s with 400 and changes nothing', async (_name, payload, message) => {
    const slide = await addSlide(t, token);
    const res = await update(slide._id, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string };
    if (message) expect(body.message).toBe(message);
    else expect(body.message).toEqual(expect.any(String));
    const [after] = (await fetchSlides(token)).filter((s) => s._id === slide._id);
    expect(after).toEqual(slide);
  });

  it('answers 404 "Resource not found" for an unknown id and 400 "Invalid ID format" for a malformed one', async () => {
    const unknown = await update(UNKNOWN_ID, { thumbnail: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SLIDE.notFound });
    const malformed = await update('not-an-id', { thumbnail: 'Nobody' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(VALIDATION.invalidId);
  });
});

describe('deleteSlider', () => {
  it('removes the slide and every one of its image files', async () => {
    const before = publicFiles(t);
    const slide = await addSlide(t, token);
    const own = publicFiles(t).filter((f) => !before.includes(f));
    expect(own.length).toBeGreaterThan(2);
    expect(own.every((f) => f.startsWith(`slide-${slide._id}-`))).toBe(true);

    const res = await remove(slide._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ _id: slide._id });
    expect(publicFiles(t)).toEqual(before);
    expect((await fetchSlides(token)).some((s) => s._id === slide._id)).toBe(false);
    const media = await t.request({ method: 'GET', url: slide.image! });
    expect(media.statusCode).toBe(404);
  });

  it('answers 404 "Resource not found" the second time, and 400 for a malformed id', async () => {
    const slide = await addSlide(t, token);
    expect((await remove(slide._id)).statusCode).toBe(200);
    const again = await remove(slide._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: SLIDE.notFound });
    const malformed = await remove('12345');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(VALIDATION.invalidId);
  });
});

describe('reorderSlider', () => {
  it('sets the display order that both visitors and staff see', async () => {
    await clearSlides();
    const a = await addSlide(t, token, { thumbnail: 'A' });
    const b = await addSlide(t, token, { thumbnail: 'B' });
    const c = await addSlide(t, token, { thumbnail: 'C', status: 'Unpublished' });
    const res = await reorder([c._id, a._id, b._id]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Slide[]).map((s) => [s.thumbnail, s.position])).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
    ]);
    expect((await fetchSlides(token)).map((s) => s.thumbnail)).toEqual(['C', 'A', 'B']);
    expect((await fetchSlides()).map((s) => s.thumbnail)).toEqual(['A', 'B']);
    // A slide added afterwards goes last.
    await addSlide(t, token, { thumbnail: 'D' });
    expect((await fetchSlides(token)).map((s) => s.thumbnail)).toEqual(['C', 'A', 'B', 'D']);
  });

  it('refuses a list that is out of date (409) or malformed (400), changing nothing', async () => {
    await clearSlides();
    const a = await addSlide(t, token, { thumbnail: 'A' });
    const b = await addSlide(t, token, { thumbnail: 'B' });
    const order = async () => (await fetchSlides(token)).map((s) => s.thumbnail);

    const missing = await reorder([b._id]);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(SLIDE_TEXTS.reorderMismatch);
    const stranger = await reorder([b._id, UNKNOWN_ID]);
    expect(stranger.statusCode).toBe(409);
    const twice = await reorder([b._id, b._id]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(SLIDE_TEXTS.reorderDuplicate);
    const malformed = await reorder([a._id, 'abc']);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(VALIDATION.invalidId);
    const notAList = await reorder('a,b');
    expect(notAList.statusCode).toBe(400);
    expect(await order()).toEqual(['A', 'B']);
  });
});
