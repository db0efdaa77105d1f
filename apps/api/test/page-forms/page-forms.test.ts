import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { PAGE_FORMS } from '@visa/shared/page-forms';
import { PASSWORD_RESET } from '@visa/shared/users';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { appForFile, loggingTwin } from '@visa/test-support/file-app';

/**
 * A form posted to its own page without the page's script (ADR 0037): a POST at the page's path,
 * as a browser sends it (urlencoded, or multipart), answered with a page and never a JSON error or
 * a 404; the forgot-password form does its work; nothing typed reaches a log.
 */

const t = appForFile();
const ORIGIN = 'http://localhost:3000';
const FORM = 'application/x-www-form-urlencoded';

/** As a browser posts a form from this site: no anti-forgery header, its Origin and Sec-Fetch-Site. */
const post = (url: string, payload: string, headers: Record<string, string> = {}, remoteAddress = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: { 'content-type': FORM, origin: ORIGIN, 'sec-fetch-site': 'same-origin', host: 'localhost:3000', ...headers },
  });

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }): { body: Buffer; type: string } {
  const boundary = '----visa-form-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const chunks: Buffer[] = [Buffer.from(parts.join(''))];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const outboxTo = (to: string) =>
  t.db
    .selectFrom('outbox')
    .select('id')
    .where('recipient', '=', to)
    .execute()
    .then((rows) => rows.length);

describe('forgot password posted without the page script', () => {
  it('sends the link and answers a page with the message, urlencoded', async () => {
    const staff = await t.createStaff('admin');
    const res = await post('/forgot-password', `email=${encodeURIComponent(staff.email)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(PASSWORD_RESET.requested);
    expect(res.body).not.toContain(staff.email);
    await expect.poll(() => outboxTo(staff.email)).toBe(1);
  });

  it('takes a multipart body too', async () => {
    const staff = await t.createStaff('admin');
    const { body, type } = multipart({ email: staff.email });
    const res = await post('/forgot-password', body.toString('latin1'), { 'content-type': type });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PASSWORD_RESET.requested);
    await expect.poll(() => outboxTo(staff.email)).toBe(1);
  });

  it('refuses a missing or bad email, an oversize or malformed body, with a page and a 4xx', async () => {
    const missing = await post('/forgot-password', 'name=x', {}, '198.51.100.20');
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('<p role="alert">');
    const bad = await post('/forgot-password', 'email=not-an-email', {}, '198.51.100.21');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(VALIDATION.email);
    expect(bad.body).not.toContain('not-an-email');

    const oversize = await post('/forgot-password', `email=${'a'.repeat(20_000)}%40example.com`, {}, '198.51.100.22');
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toEqual({ message: SERVER.payloadTooLarge });

    const withFile = multipart({ email: 'someone@example.com' }, { name: 'image', bytes: Buffer.alloc(2048, 1) });
    const file = await post('/forgot-password', withFile.body.toString('latin1'), { 'content-type': withFile.type }, '198.51.100.23');
    expect(file.statusCode).toBe(413);
    expect(file.body).toContain(SERVER.payloadTooLarge);

    const longField = multipart({ email: `${'b'.repeat(2000)}@example.com` });
    const long = await post('/forgot-password', longField.body.toString('latin1'), { 'content-type': longField.type }, '198.51.100.24');
    expect(long.statusCode).toBe(413);

    const broken = await post(
      '/forgot-password',
      '--nope\r\nContent-Disposition: form-da',
      { 'content-type': 'multipart/form-data; boundary=nope' },
      '198.51.100.25',
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain(PAGE_FORMS.unreadable);

    const text = await post('/forgot-password', 'email=a@example.com', { 'content-type': 'text/plain' }, '198.51.100.26');
    expect(text.statusCode).toBe(400);
    const odd = await post('/forgot-password', 'x', { 'content-type': 'application/x-unknown' }, '198.51.100.27');
    expect(odd.statusCode).toBe(415);
  });

  it('keeps the API limits: the page says so when they are reached', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1)
      answers.push((await post('/forgot-password', `email=limit${i}%40example.com`, {}, '198.51.100.30')).statusCode);
    expect(answers).toContain(429);
    expect(answers.every((s) => s === 200 || s === 429)).toBe(true);
  });
});

describe('the other form pages posted without their script', () => {
  for (const [path, language, text] of [
    ['/enquiry', 'en', PAGE_FORMS.enquiry.en.text],
    ['/bn/enquiry', 'bn', PAGE_FORMS.enquiry.bn.text],
  ] as const) {
    it(`${path} answers a page in its language, not cached, and searches nothing`, async () => {
      const before = await t.db.selectFrom('audit_events').select('id').execute();
      const res = await post(path, 'passport=AB1234567&nationality=BD&dob=1990-02-14');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(`<html lang="${language}">`);
      expect(res.body).toContain(text);
      expect(res.body).not.toContain('AB1234567');
      expect(await t.db.selectFrom('audit_events').select('id').execute()).toHaveLength(before.length);
      const { body, type } = multipart({ passport: 'AB1234567' });
      expect((await post(path, body.toString('latin1'), { 'content-type': type })).statusCode).toBe(200);
    });
  }

  for (const path of [
    '/login',
    '/reset-password',
    '/profile',
    '/setting',
    '/addUserManagement',
    '/editUserManagement',
    '/addUserApplication',
    '/updateApplicationView/abc',
  ]) {
    it(`${path} says the back office needs JavaScript`, async () => {
      const res = await post(path, 'email=a%40example.com&password=Secret-Typed-1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain(PAGE_FORMS.staff.text);
      expect(res.body).not.toContain('Secret-Typed-1');
    });
  }

  it('answers a staff page multipart upload of any size without reading it', async () => {
    const { body, type } = multipart({ passport: 'AB1234567' }, { name: 'image', bytes: Buffer.alloc(3 * 1024 * 1024, 7) });
    const res = await post('/addUserApplication', body.toString('latin1'), { 'content-type': type });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PAGE_FORMS.staff.text);
  });

  it('keeps the header check on a POST to a page without a form', async () => {
    expect((await post('/about', 'x=1')).statusCode).toBe(403);
  });
});

describe('anti-forgery on a form page', () => {
  it('refuses a POST from another site, or a cross-site one without Origin', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: ORIGIN },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await post('/forgot-password', 'email=a%40example.com', headers, '198.51.100.40');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SERVER.xsrf });
    }
  });

  it('takes the configured public address or the request host as this site', async () => {
    const res = await post(
      '/forgot-password',
      'email=b%40example.com',
      { origin: t.config.publicUrl, host: 'internal:8080' },
      '198.51.100.41',
    );
    expect(res.statusCode).toBe(200);
  });

  it('leaves every other unsafe request to the header check', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: 'c@example.com' },
      headers: { origin: ORIGIN },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('what is posted never reaches the log', () => {
  const written: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await loggingTwin(t, written);
    await app.ready();
  });
  afterAll(() => app.close());

  it('logs routes and statuses only', async () => {
    const staff = await t.createStaff('admin');
    const secrets = [staff.email, 'Typed-Password-8841', 'LP4471902', 'Zambian', '1987-06-05'];
    const send = (url: string, payload: string, type = FORM) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: '198.51.100.50',
        headers: { 'content-type': type, origin: ORIGIN, host: 'localhost:3000' },
      } satisfies InjectOptions);
    expect((await send('/forgot-password', `email=${encodeURIComponent(staff.email)}`)).statusCode).toBe(200);
    expect((await send('/forgot-password', `email=${'Typed-Password-8841'}`)).statusCode).toBe(400);
    expect((await send('/login', `email=${encodeURIComponent(staff.email)}&password=Typed-Password-8841`)).statusCode).toBe(200);
    expect((await send('/enquiry', 'passport=LP4471902&nationality=Zambian&dob=1987-06-05')).statusCode).toBe(200);
    const { body, type } = multipart({ email: `${'Typed-Password-8841'.repeat(200)}@example.com` });
    expect((await send('/forgot-password', body.toString('latin1'), type)).statusCode).toBe(413);
    expect(written.join('\n')).toContain('/forgot-password');
    for (const secret of secrets) expect(written.join('\n')).not.toContain(secret);
  });
});

describe('the status check with its inputs in the body', () => {
  it('answers as the GET does, not cached, and still wants the anti-forgery header', async () => {
    const row = await createApplication(t.db, {
      ...ENQUIRY_APPLICANT,
      passport: 'BP7719024',
      current_nationality: 'Bangladeshi',
      current_nationality_key: 'bd',
    });
    const payload = { search: 'bp7719024', search1: 'BD', search2: row.dob };
    const res = await t.request({
      method: 'POST',
      url: '/api/application/fetchApplicationEnquiry',
      payload,
      remoteAddress: '198.51.100.60',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ applications: [{ passport: 'BP7719024', surname: ENQUIRY_APPLICANT.surname }] });
    const miss = await t.request({
      method: 'POST',
      url: '/api/application/fetchApplicationEnquiry',
      payload: { ...payload, search2: '1994-03-13' },
    });
    expect(miss.json()).toEqual({ applications: [] });
    const bad = await t.request({ method: 'POST', url: '/api/application/fetchApplicationEnquiry', payload: { search: 'x' } });
    expect(bad.statusCode).toBe(400);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/application/fetchApplicationEnquiry',
      payload,
      headers: { origin: ORIGIN },
    });
    expect(forged.statusCode).toBe(403);
  });
});
