import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OFFICE_CONTACT, SERVER, VALIDATION } from '@visa/shared/ui-texts';
import type { FastifyInstance } from 'fastify';
import { type Staff, appForFile, startSite } from '@visa/test-support/file-app';

/** A prerendered page in small: the two slots <OfficeContact> leaves empty, as React writes them. */
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><title>About</title></head><body><main>' +
  '<div class="office-contact-slot" data-office-contact="page-en"></div></main>' +
  '<footer><div class="office-contact-slot" data-office-contact="footer-en"></div></footer>' +
  '<script type="module">import("/assets/entry.js")</script></body></html>';
const BENGALI_PAGE = PAGE.replace('lang="en"', 'lang="bn"').replaceAll('-en"', '-bn"');

const CONTACT = {
  address: 'House 12, Road 5\r\nGulshan 1, Dhaka 1212  ',
  addressBn: 'বাড়ি ১২, রোড ৫\nগুলশান ১, ঢাকা ১২১২',
  hours: 'Sunday to Thursday, 10:00–18:00',
  hoursBn: '',
  phone: '01712-345678',
  email: ' Office@Example.COM ',
  mapUrl: 'https://maps.example.com/?q=23.78,90.41',
};

const t = appForFile();
/** A second process on the same database that serves the web build. */
let site: FastifyInstance;
beforeAll(async () => {
  site = await startSite(t, {
    'about/index.html': PAGE,
    'bn/about/index.html': BENGALI_PAGE,
    '__spa-fallback.html': '<!DOCTYPE html><html><head></head><body><p>Loading</p></body></html>',
  });
});
afterAll(() => site.close());

let owner: Staff;
beforeEach(async () => {
  owner = await t.createStaff('superadmin');
});

const put = (payload: Record<string, unknown>, token = owner.token) =>
  t.request({ method: 'PUT', url: '/api/users/settings/office-contact', token, payload });
const page = (url: string, encoding = 'identity') => site.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

describe('PUT /api/users/settings/office-contact', () => {
  it('lets the owner set the contact: text tidied, phone stored in E.164 and shown formatted, email lower-cased; audited', async () => {
    const res = await put(CONTACT);
    expect(res.statusCode).toBe(200);
    const expected = {
      address: 'House 12, Road 5\nGulshan 1, Dhaka 1212',
      addressBn: 'বাড়ি ১২, রোড ৫\nগুলশান ১, ঢাকা ১২১২',
      hours: 'Sunday to Thursday, 10:00–18:00',
      hoursBn: '',
      phone: '+8801712345678',
      phoneDisplay: '+880 1712 345678',
      email: 'office@example.com',
      mapUrl: 'https://maps.example.com/?q=23.78,90.41',
    };
    expect(res.json()).toEqual(expected);
    const stored = await t.db.selectFrom('app_settings').selectAll().where('key', '=', 'officeContact').executeTakeFirstOrThrow();
    const { phoneDisplay: _shown, ...storedFields } = expected;
    expect(JSON.parse(stored.value)).toEqual(storedFields);
    expect(stored.updated_by).toBe(owner.id);
    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity', '=', 'settings')
      .where('entity_id', '=', 'office-contact')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: owner.id, action: 'settings.updated' });
    expect(JSON.parse(audit.details).changed).toEqual(expect.arrayContaining(['address', 'phone', 'email', 'mapUrl']));

    // Saved again with one field changed: the audit row names only that one.
    expect((await put({ ...CONTACT, hours: 'Sunday to Thursday, 09:00–17:00' })).statusCode).toBe(200);
    const next = await t.db
      .selectFrom('audit_events')
      .select('details')
      .where('entity', '=', 'settings')
      .where('entity_id', '=', 'office-contact')
      .where('id', '!=', audit.id)
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(next.details)).toEqual({ changed: ['hours'] });
  });

  it('refuses a sub-admin (403) and a caller without a session (401), and changes nothing', async () => {
    await put({ ...CONTACT, email: 'before@example.com' });
    const admin = await t.createStaff('admin');
    const refused = await put({ email: 'hijack@example.com' }, admin.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SERVER.forbidden);
    const anonymous = await t.request({ method: 'PUT', url: '/api/users/settings/office-contact', payload: { email: 'x@example.com' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/office-contact' })).json().email).toBe('before@example.com');
  });

  it.each([
    [{ phone: '12345' }, 'phone', VALIDATION.phone],
    [{ phone: 'call us' }, 'phone', VALIDATION.phone],
    [{ email: 'office@' }, 'email', VALIDATION.email],
    [{ mapUrl: 'http://maps.example.com/x' }, 'mapUrl', OFFICE_CONTACT.mapUrl],
    [{ mapUrl: 'javascript:alert(1)' }, 'mapUrl', OFFICE_CONTACT.mapUrl],
    [{ mapUrl: 'https://maps.example.com/"onmouseover="x' }, 'mapUrl', OFFICE_CONTACT.mapUrl],
    [{ mapUrl: `https://maps.example.com/${'a'.repeat(500)}` }, 'mapUrl', OFFICE_CONTACT.mapUrlTooLong],
    [{ address: 'a'.repeat(301) }, 'address', OFFICE_CONTACT.addressTooLong],
    [{ addressBn: 'ক'.repeat(301) }, 'addressBn', OFFICE_CONTACT.addressTooLong],
    [{ hours: 'h'.repeat(201) }, 'hours', OFFICE_CONTACT.hoursTooLong],
    [{ hoursBn: 42 }, 'hoursBn', OFFICE_CONTACT.hoursTooLong],
  ])('refuses %j with 400 and says why on the field', async (payload, field, message) => {
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; errors?: Record<string, string> };
    expect(body.message).toBe(message);
    expect(body.errors?.[field] ?? body.message).toBe(message);
  });

  it('clears every field when sent empty ones', async () => {
    await put(CONTACT);
    const res = await put({});
    expect(res.statusCode).toBe(200);
    expect(Object.values(res.json())).toEqual(['', '', '', '', '', '', '', '']);
  });
});

describe('GET /api/office-contact', () => {
  it('answers anyone with only the contact fields, cacheable for a minute', async () => {
    await put(CONTACT);
    const res = await t.request({ method: 'GET', url: '/api/office-contact' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(Object.keys(res.json()).sort()).toEqual([
      'address',
      'addressBn',
      'email',
      'hours',
      'hoursBn',
      'mapUrl',
      'phone',
      'phoneDisplay',
    ]);
    expect(JSON.stringify(res.json())).not.toContain(owner.id);
  });
});

describe('served pages', () => {
  it('carry empty slots and a data block saying so while no contact is set', async () => {
    await put({});
    const res = await page('/about');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PAGE.replace('</body>', '<script type="application/json" id="office-contact-data">null</script></body>'));
  });

  it('get the contact filled into their slots in the page language, with the data the component reads, in every encoding', async () => {
    await put(CONTACT);
    const res = await page('/about');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<h2 id="office-contact-heading">Contact the office</h2>');
    expect(res.body).toContain('<a href="tel:+8801712345678">+880 1712 345678</a>');
    expect(res.body).toContain('<a href="mailto:office@example.com">office@example.com</a>');
    expect(res.body).toContain('House 12, Road 5<br>Gulshan 1, Dhaka 1212');
    expect(res.body).toContain('href="https://maps.example.com/?q=23.78,90.41" target="_blank" rel="noopener noreferrer"');
    expect(res.body.match(/<address /g)).toHaveLength(2);
    expect(res.body).toMatch(/<script type="application\/json" id="office-contact-data">\{.*\}<\/script><\/body>/);

    const bengali = await page('/bn/about');
    expect(bengali.body).toContain('বাড়ি ১২, রোড ৫<br>গুলশান ১, ঢাকা ১২১২');
    expect(bengali.body).toContain('অফিসে যোগাযোগ');
    // No Bengali hours given: the English ones stand in.
    expect(bengali.body).toContain('Sunday to Thursday, 10:00–18:00');

    const br = await page('/about', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
    const gz = await page('/about', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(res.body);

    const again = await site.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const head = await site.inject({ method: 'HEAD', url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body).toBe('');

    // The SPA shell carries the data too, for pages rendered in the browser.
    const shell = await page('/bn/no-such-page');
    expect(shell.body).toContain('id="office-contact-data"');
  });

  it('escape the owner text, so it can never become markup or close the data block', async () => {
    await put({ address: '<img src=x onerror=alert(1)>\n</script><script>alert(2)</script>', hours: '"quoted" & \'single\'' });
    const res = await page('/about');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<script>alert(2)');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;<br>&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(res.body).toContain('&quot;quoted&quot; &amp; &#39;single&#39;');
    const data = /<script type="application\/json" id="office-contact-data">(.*?)<\/script>/.exec(res.body)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data).address).toBe('<img src=x onerror=alert(1)>\n</script><script>alert(2)</script>');
  });

  it('follow a change saved through another process at the next request, and empty the slots again when cleared', async () => {
    await put({ phone: '+880 1712 345678' });
    expect((await page('/about')).body).toContain('+880 1712 345678');
    await put({ phone: '01812-345678' });
    const changed = await page('/about');
    expect(changed.body).toContain('tel:+8801812345678');
    expect(changed.body).not.toContain('tel:+8801712345678');
    // Only a phone: no empty address or hours lines.
    expect(changed.body).not.toContain('office-contact-address');
    await put({});
    const cleared = await page('/about');
    expect(cleared.body).not.toContain('<address');
    expect(cleared.body).toContain('id="office-contact-data">null</script>');
  });
});
