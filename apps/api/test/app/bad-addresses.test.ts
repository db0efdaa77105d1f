import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/**
 * An address the router cannot read is refused in our own words, over real HTTP as a client sends
 * it: the router's default answer quoted the whole address back, an upload's id included.
 */

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A raw request: fetch would refuse or re-encode these addresses before sending them. */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('an address that does not decode', () => {
  const secret = '0123456789abcdef0123456789abcdef';
  for (const path of [`/api/uploads/${secret}%82`, `/api/documents/${secret}%E0%A4`, `/files/private/${secret}%C0`]) {
    it(`answers 400 in our words and quotes nothing back: ${path.replace(secret, '…')}`, async () => {
      const answer = await get(path);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ message: SERVER.badPath });
      expect(answer.body).not.toContain(secret);
    });
  }
});
