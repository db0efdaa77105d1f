import { describe, expect, it } from 'vitest';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();

/** The headers helmet gives every answer; worked out once at start-up, set on each answer. */
const EVERY_ANSWER = {
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('go on API answers, successes and refusals alike, with the API policy', async () => {
    for (const url of ['/api/health', '/api/users/me']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(EVERY_ANSWER);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('go on answers that are not JSON with the page policy', async () => {
    const staff = await t.createStaff('admin');
    const res = await t.request({ method: 'GET', url: '/api/application/export', token: staff.token });
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers).toMatchObject(EVERY_ANSWER);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^default-src 'self';script-src 'self'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
});
