import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApplication } from '@visa/test-support/applications';
import { jpeg } from '@visa/test-support/images';
import { appForFile } from '@visa/test-support/file-app';

/**
 * No copy of personal data in a browser's or a proxy's cache (ADR 0016, docs/product.md#caching):
 * every staff operation in the OpenAPI document answers `no-store` — success, refusal or error,
 * JSON, CSV or PDF — and so does the status check; a signed file may be kept privately, never
 * beyond its URL's expiry; public things keep their own caching.
 */

const PUBLIC = new Set([
  'POST /api/users/login',
  'POST /api/users/refresh',
  'POST /api/users/logout',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/slider/fetchSlider',
  'GET /api/application/fetchApplicationEnquiry',
  // The office's contact: the same for everyone and nothing personal (ADR 0025).
  'GET /api/office-contact',
]);
const SAMPLE_ID = '0123456789abcdef01234567';

interface Operation {
  method: HTTPMethods;
  key: string;
  path: string;
}

const t = appForFile();
let operations: Operation[];
let applicationId: string;
beforeAll(async () => {
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase() as HTTPMethods, key: `${m.toUpperCase()} ${path}`, path })),
  );
  applicationId = (await createApplication(t.db, {}, { storage: t.storage })).id;
});

const staffOps = () => operations.filter((op) => op.path.startsWith('/api/') && !PUBLIC.has(op.key));
const noStore = (header: unknown) => typeof header === 'string' && header.split(',').some((d) => d.trim() === 'no-store');

describe('staff answers are never stored', () => {
  it('answers no-store on every staff operation: anonymous, signed in, with a known and an unknown id', async () => {
    expect(staffOps().length).toBeGreaterThan(15);
    const failures: string[] = [];
    const statuses = new Set<number>();
    for (const op of staffOps()) {
      // A fresh session per operation: one of them may end the session it is called with.
      const { token } = await t.createStaff('superadmin');
      const ids = op.method === 'GET' ? [applicationId, SAMPLE_ID] : [SAMPLE_ID];
      for (const [who, tokenOf] of [
        ['anonymous', undefined],
        ['super-admin', token],
      ] as const) {
        for (const id of ids) {
          const url = op.path.replace(/\{[^}]+\}/g, id);
          const res = await t.request({
            method: op.method,
            url,
            token: tokenOf,
            payload: op.method === 'GET' || op.method === 'DELETE' ? undefined : {},
          });
          statuses.add(res.statusCode);
          if (!noStore(res.headers['cache-control']))
            failures.push(`${op.key} ${who} ${url} -> ${res.statusCode} cache-control: ${res.headers['cache-control']}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // Successes, refusals and errors were all among them.
    for (const status of [200, 400, 401, 404]) expect(statuses).toContain(status);
  });

  it('answers no-store on the CSV export and the PDF copy', async () => {
    const { token } = await t.createStaff('admin');
    const csv = await t.request({ method: 'GET', url: '/api/application/export', token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(noStore(csv.headers['cache-control'])).toBe(true);
    const pdf = await t.request({ method: 'GET', url: `/api/application/applicationCopyPdf/${applicationId}`, token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(noStore(pdf.headers['cache-control'])).toBe(true);
  });
});

describe('the status check', () => {
  it('answers no-store on a match, a miss and a refusal', async () => {
    const row = await createApplication(t.db);
    const query = { search: row.passport, search1: row.current_nationality, search2: row.dob };
    for (const [what, q, status] of [
      ['match', query, 200],
      ['miss', { ...query, search2: '1900-01-01' }, 200],
      ['bad date', { ...query, search2: 'not a date' }, 400],
    ] as const) {
      const res = await t.request({ method: 'GET', url: '/api/application/fetchApplicationEnquiry', query: q, remoteAddress: '10.9.9.9' });
      expect({ what, status: res.statusCode, noStore: noStore(res.headers['cache-control']) }).toEqual({ what, status, noStore: true });
    }
  });
});

describe('signed file URLs', () => {
  it('may be kept in the viewer’s own cache only, never beyond the URL’s expiry', async () => {
    const key = 'private/cache-test.jpg';
    await t.storage.put(key, await jpeg(20, 20), 'image/jpeg');
    for (const ttl of [15 * 60, 5]) {
      const url = t.app.urls.sign(key, ttl);
      const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
      const before = Math.floor(Date.now() / 1000);
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const header = String(res.headers['cache-control']);
      expect(header).toMatch(/^private, max-age=\d+$/);
      const maxAge = Number(/max-age=(\d+)/.exec(header)![1]);
      expect(maxAge).toBeLessThanOrEqual(600);
      expect(maxAge).toBeLessThanOrEqual(exp - before);
    }
  });

  it('answers a bad signature with no-store', async () => {
    const res = await t.request({ method: 'GET', url: '/files/private/cache-test.jpg?exp=99999999999&sig=forged' });
    expect(res.statusCode).toBe(403);
    expect(noStore(res.headers['cache-control'])).toBe(true);
  });
});

describe('public things keep their caching', () => {
  it('lets the anonymous slide list be revalidated, and public media be kept', async () => {
    const slides = await t.request({ method: 'GET', url: '/api/slider/fetchSlider' });
    expect(slides.statusCode).toBe(200);
    expect(slides.headers['cache-control']).toBe('no-cache');
    const { token } = await t.createStaff('admin');
    const staffSlides = await t.request({ method: 'GET', url: '/api/slider/fetchSlider', token });
    expect(noStore(staffSlides.headers['cache-control'])).toBe(true);
    await t.storage.put('public/cache-test.jpg', await jpeg(20, 20), 'image/jpeg');
    const media = await t.request({ method: 'GET', url: '/media/cache-test.jpg' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('lets the office contact be kept for a minute by anyone, but never the answer to a signed-in caller', async () => {
    const contact = await t.request({ method: 'GET', url: '/api/office-contact' });
    expect(contact.statusCode).toBe(200);
    expect(contact.headers['cache-control']).toBe('public, max-age=60');
    const { token } = await t.createStaff('superadmin');
    const asStaff = await t.request({ method: 'GET', url: '/api/office-contact', token });
    expect(noStore(asStaff.headers['cache-control'])).toBe(true);
  });
});
