import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERVER } from '@visa/shared/ui-texts';
import type { RouteOptions } from '../../../context.js';

/** Written by the web build (apps/web/react-router.config.ts) from the web app's own paths. */
const SiteSchema = z.object({
  pages: z.array(z.object({ en: z.string().startsWith('/'), bn: z.string().startsWith('/') })),
  disallow: z.array(z.string().startsWith('/')),
});
type Site = z.infer<typeof SiteSchema>;

const readSite = (webRoot: string | null): Site | null => {
  const file = webRoot && path.join(webRoot, 'site.json');
  if (!file || !fs.existsSync(file)) return null;
  return SiteSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
};

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function robotsTxt(site: Site, origin: string): string {
  return ['User-agent: *', 'Allow: /', ...site.disallow.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** Every public page in both languages, each naming its twin (hreflang) so search engines pair them. */
function sitemapXml(site: Site, origin: string): string {
  const urls = site.pages.flatMap((page) => {
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en" href="${xml(origin + page.en)}"/>`,
      `<xhtml:link rel="alternate" hreflang="bn" href="${xml(origin + page.bn)}"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(origin + page.en)}"/>`,
    ].join('');
    return [page.en, page.bn].map((p) => `<url><loc>${xml(origin + p)}</loc>${alternates}</url>`);
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
  );
}

/**
 * /robots.txt and /sitemap.xml for the public site. They need absolute addresses, known only at
 * run time (PUBLIC_URL), so the API writes them from the list the web build leaves behind.
 * Without a web build there is no site to describe: both answer 404.
 */
export default async function seoRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const site = readSite(ctx.webRoot);
  const origin = ctx.config.publicUrl;
  const cache = 'public, max-age=3600';

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    if (!site) return reply.status(404).send({ message: SERVER.notFound });
    return reply.type('text/plain; charset=utf-8').header('cache-control', cache).send(robotsTxt(site, origin));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    if (!site) return reply.status(404).send({ message: SERVER.notFound });
    return reply.type('application/xml; charset=utf-8').header('cache-control', cache).send(sitemapXml(site, origin));
  });
}
