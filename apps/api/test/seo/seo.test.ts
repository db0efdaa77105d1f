import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER } from '@visa/shared/ui-texts';
import type { FastifyInstance } from 'fastify';
import { appForFile, startSite } from '@visa/test-support/file-app';

/** What the web build writes (apps/web/react-router.config.ts), in small. */
const SITE = {
  pages: [
    { en: '/', bn: '/bn' },
    { en: '/terms', bn: '/bn/terms' },
  ],
  disallow: ['/api/', '/files/', '/view-one', '/login', '/dashboard', '/updateApplicationView/', '/bn/view-one'],
};

const t = appForFile();
let site: FastifyInstance;
beforeAll(async () => {
  site = await startSite(
    t,
    { 'index.html': '<!doctype html><title>x</title>', 'site.json': JSON.stringify(SITE) },
    { PUBLIC_URL: 'https://visa.example.com/' },
  );
});
afterAll(() => site.close());

describe('robots.txt', () => {
  it('lets crawlers in, keeps them out of the staff area, the API, files and results, and names the sitemap', async () => {
    const res = await site.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /files/',
        'Disallow: /view-one',
        'Disallow: /login',
        'Disallow: /dashboard',
        'Disallow: /updateApplicationView/',
        'Disallow: /bn/view-one',
        '',
        'Sitemap: https://visa.example.com/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});

describe('robots.txt, other methods', () => {
  it('refuses other methods', async () => {
    const res = await site.inject({ method: 'POST', url: '/robots.txt', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('sitemap.xml', () => {
  it('lists every public page in both languages with absolute addresses and hreflang twins', async () => {
    const res = await site.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://visa.example.com/',
      'https://visa.example.com/bn',
      'https://visa.example.com/terms',
      'https://visa.example.com/bn/terms',
    ]);
    expect(res.body).toContain('<xhtml:link rel="alternate" hreflang="bn" href="https://visa.example.com/bn/terms"/>');
    expect(res.body).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://visa.example.com/terms"/>');
    expect(res.body).not.toContain('view-one');
  });
});

describe('without a web build', () => {
  it('answers 404 for both, as JSON like every other miss', async () => {
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: SERVER.notFound });
    }
  });
});
