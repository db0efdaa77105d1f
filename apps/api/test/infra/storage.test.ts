import { beforeAll, describe, expect, it } from 'vitest';
import { createUrlSigner } from '../../src/infra/storage/signed-urls.js';
import { latestLinkExpiry, linkBoundOf } from '../../src/lib/link-lifetime.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();
beforeAll(async () => {
  await t.storage.put('private/abc123.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg');
  await t.storage.put('public/slide1.webp', Buffer.from('RIFF0000WEBP'), 'image/webp');
});

describe('private files', () => {
  it('are served with a valid signature, with the right type and no sniffing', async () => {
    const url = t.app.urls.sign('private/abc123.jpg');
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('private');
  });

  it('are refused without, with a tampered, or with an expired signature', async () => {
    expect((await t.request({ method: 'GET', url: '/files/private/abc123.jpg' })).statusCode).toBe(403);
    const url = t.app.urls.sign('private/abc123.jpg');
    // Change the signature's first character to one it is not, so the test never sends the real one.
    const tampered = url.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(url);
    expect((await t.request({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherKey = url.replace('abc123', 'abc124');
    expect((await t.request({ method: 'GET', url: otherKey })).statusCode).toBe(403);
    const signer = createUrlSigner('x'.repeat(40), 86_400);
    const expired = signer.sign('private/abc123.jpg', 60, Date.now() - 3_600_000);
    expect((await t.request({ method: 'GET', url: expired })).statusCode).toBe(403);
  });

  it('live at most LINK_MAX_DAYS however long a caller asks for, as every bearer link does', () => {
    const now = Date.parse('2026-11-28T10:00:30.000Z');
    const key = 'private/abc123.jpg';
    const url = new URL(t.app.urls.sign(key, 10 * 365 * 86_400, now), 'http://localhost');
    const exp = Number(url.searchParams.get('exp'));
    const latest = latestLinkExpiry(linkBoundOf(t.config), new Date(now)).getTime() / 1000;
    expect(exp).toBeLessThanOrEqual(latest);
    // Rounded up to the minute past exactly the configured days (180 by default).
    expect(exp).toBe(Date.parse('2027-05-27T10:01:00.000Z') / 1000);
    const sig = url.searchParams.get('sig') ?? undefined;
    expect(t.app.urls.verify(key, String(exp), sig, exp * 1000)).toBe(true);
    expect(t.app.urls.verify(key, String(exp), sig, exp * 1000 + 1)).toBe(false);
    // A short life of its own is kept.
    expect(new URL(t.app.urls.sign(key, 60, now), 'http://localhost').searchParams.get('exp')).toBe(
      String(Date.parse('2026-11-28T10:02:00.000Z') / 1000),
    );
  });

  it('cannot be reached by path tricks', async () => {
    const res = await t.request({ method: 'GET', url: '/files/private/../secret.key?exp=9999999999&sig=x' });
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe('public media', () => {
  it('is served openly with a long cache', async () => {
    const res = await t.request({ method: 'GET', url: '/media/slide1.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
