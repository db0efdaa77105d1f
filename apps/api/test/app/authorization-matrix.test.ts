import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { appForFile } from '@visa/test-support/file-app';

/**
 * Every operation the API documents is checked here, so an endpoint added later by anyone is
 * covered without touching this file: unless it is on the public allowlist, a caller without a
 * valid token must get 401, and the staff-account endpoints must refuse a sub-admin with 403.
 */

/** The only operations anyone may call without signing in (docs/product.md#api, ADR 0006). */
const PUBLIC = new Set([
  'POST /api/users/login',
  // The second step of signing in: the challenge from a correct password stands in for a session (ADR 0019).
  'POST /api/users/login/second-factor',
  'POST /api/users/login/second-factor/setup',
  'POST /api/users/refresh',
  'POST /api/users/logout',
  'POST /api/users/forgot-password',
  'POST /api/users/reset-password',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/slider/fetchSlider',
  'GET /api/application/fetchApplicationEnquiry',
  // The same check with its inputs in the body, as the public pages send it (ADR 0037).
  'POST /api/application/fetchApplicationEnquiry',
  // The office's contact details, shown on the public site (ADR 0025).
  'GET /api/office-contact',
  // Delivery receipts from the SMS and WhatsApp providers, checked by their signatures (ADR 0045).
  'POST /api/messages/receipts/twilio',
  'GET /api/messages/receipts/whatsapp',
  'POST /api/messages/receipts/whatsapp',
  // Documents by link: the link's token in a header stands in for a session (ADR 0046, ADR 0047).
  'GET /api/documents',
  'POST /api/uploads/',
  'PATCH /api/uploads/',
  'DELETE /api/uploads/',
  'POST /api/uploads/{id}',
  'PATCH /api/uploads/{id}',
  'DELETE /api/uploads/{id}',
  // A staff member's calendar feed: the secret token in its address stands in for a session (ADR 0081).
  'GET /api/calendar/{file}',
  // Paying through SSLCommerz: the payment link's token in a header; SSLCommerz's posts carry its signature (ADR 0089).
  'POST /api/pay/sslcommerz',
  'POST /api/pay/sslcommerz/return/{outcome}',
  'POST /api/pay/sslcommerz/ipn',
  // The pay page: what is due, read with the payment link's token in a header (ADR 0091).
  'GET /api/pay',
  // The check of a receipt by the code its QR carries, which names no one (ADR 0088).
  'GET /api/receipts/{code}',
  // Paying a payment link with bKash: the link's token stands in for a session; bKash sends the payer back to the callback (ADR 0090).
  'POST /api/pay/bkash',
  'GET /api/pay/bkash/callback/{language}',
]);

/** Super-admin only (ADR 0006): a sub-admin must not see or change staff accounts. */
const SUPERADMIN_ONLY = [
  'GET /api/users/get_users',
  'POST /api/users/add_user',
  'PUT /api/users/update_user/{id}',
  'DELETE /api/users/delete_user/{id}',
  'GET /api/users/settings/security',
  'PUT /api/users/settings/security',
  'PUT /api/users/settings/office-contact',
  'GET /api/users/settings/messages',
  'PUT /api/users/settings/messages',
  'POST /api/users/settings/messages/test',
  'GET /api/users/settings/system',
  'GET /api/users/settings/document-requests',
  'PUT /api/users/settings/document-requests',
];

/** Syntactically valid, so a 400 "Invalid ID format" cannot stand in for the missing 401. */
const SAMPLE_ID = '0123456789abcdef01234567';

interface Operation {
  method: HTTPMethods;
  path: string;
  url: string;
  key: string;
}

const t = appForFile();
let operations: Operation[];
beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
  const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => methods.has(m))
      .map((m) => {
        const method = m.toUpperCase() as HTTPMethods;
        const url = path.replace(/\{[^}]+\}/g, SAMPLE_ID);
        return { method, path, url, key: `${method} ${path}` };
      }),
  );
});

const protectedOps = () => operations.filter((op) => op.path.startsWith('/api/') && !PUBLIC.has(op.key));

describe('authorization matrix (from the OpenAPI document)', () => {
  it('reads a document that lists the staff endpoints', () => {
    const keys = operations.map((op) => op.key);
    for (const key of [...SUPERADMIN_ONLY, 'POST /api/users/profile', 'GET /api/users/me', 'POST /api/users/login']) {
      expect(keys).toContain(key);
    }
    // Our own eight staff endpoints at least; others' endpoints add to this as they are built.
    expect(protectedOps().length).toBeGreaterThanOrEqual(8);
  });

  it('answers 401 to an anonymous caller on every non-public endpoint', async () => {
    const failures: string[] = [];
    for (const op of protectedOps()) {
      const res = await t.request({ method: op.method, url: op.url });
      if (res.statusCode !== 401 || res.json().message !== SERVER.unauthorized) failures.push(`${op.key} -> ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a forged or expired-looking token on every non-public endpoint', async () => {
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic3VwZXJhZG1pbiIsInNpZCI6IngiLCJzdWIiOiIwMTIzNDU2Nzg5YWJjZGVmMDEyMzQ1NjciLCJleHAiOjk5OTk5OTk5OTl9.c2lnbmF0dXJl';
    const failures: string[] = [];
    for (const op of protectedOps()) {
      const res = await t.request({ method: op.method, url: op.url, token: forged });
      if (res.statusCode !== 401) failures.push(`${op.key} -> ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to the token of a signed-out session on every non-public endpoint', async () => {
    const staff = await t.createStaff('superadmin');
    const out = await t.request({ method: 'POST', url: '/api/users/logout', token: staff.token });
    expect(out.statusCode).toBe(200);
    const failures: string[] = [];
    for (const op of protectedOps()) {
      const res = await t.request({ method: op.method, url: op.url, token: staff.token });
      if (res.statusCode !== 401) failures.push(`${op.key} -> ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a sub-admin on every staff-account endpoint, and changes nothing', async () => {
    const sub = await t.createStaff('admin');
    const before = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    for (const key of SUPERADMIN_ONLY) {
      const op = operations.find((o) => o.key === key)!;
      const payload =
        op.method === 'GET' || op.method === 'DELETE'
          ? undefined
          : { name: 'Sneaky Sub', email: 'sneaky@example.com', password: 'long enough pw' };
      const res = await t.request({ method: op.method, url: op.url.replace(SAMPLE_ID, sub.id), token: sub.token, payload });
      expect({ key, status: res.statusCode, body: res.json() }).toEqual({ key, status: 403, body: { message: SERVER.forbidden } });
    }
    expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('lets a sub-admin use the endpoints that are for every staff member', async () => {
    const sub = await t.createStaff('admin');
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: sub.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/sessions', token: sub.token })).statusCode).toBe(200);
  });
});
