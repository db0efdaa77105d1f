import fs from 'node:fs';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/ui-texts';
import { isApiPath, pathOf } from '../lib/request-path.js';

/** A built page with the office's contact filled in, and its compressed forms; app.ts passes the office-contact module's. */
interface FilledPage {
  tag: string;
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

interface FilledPages {
  page(file: string): Promise<FilledPage>;
}

/**
 * Serves the built SPA: prerendered public pages as their own HTML (content before any script),
 * hashed assets with a one-year cache, and the SPA shell for every other page route. Every page
 * is served with the office's contact filled in and its data block (ADR 0025).
 */
export default fp(async function web(
  app: FastifyInstance,
  opts: { root: string | null; filledPages: FilledPages | null; isNoStorePage?: (path: string) => boolean },
) {
  const { root, filledPages } = opts;
  const shellFile = root && ['__spa-fallback.html', 'index.html'].find((f) => fs.existsSync(path.join(root, f)));

  /** A page as built, or with the contact filled in: same headers either way, one cached copy per form. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, file: string) {
    const filled = await filledPages?.page(file).catch((error: unknown) => {
      // The page matters more than the contact in it: served as built, and the fault is logged.
      request.log.error({ err: error }, 'office contact: page served without it');
      return null;
    });
    if (!filled) return reply.type('text/html').sendFile(file);
    // Negotiated as @fastify/static negotiates the built files' .br/.gz twins (q weights honoured).
    const encoding = negotiate(String(request.headers['accept-encoding'] ?? '').toLowerCase(), ['br', 'gzip']);
    const etag = `"${filled.tag}${encoding ? `-${encoding}` : ''}"`;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? filled.br : encoding === 'gzip' ? filled.gzip : filled.plain);
  }

  if (root && shellFile) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      serve: false,
      // The build writes .br and .gz twins of every text file (apps/web/scripts/postbuild.mjs);
      // a browser that accepts them gets the compressed bytes, the others the plain file.
      preCompressed: true,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  // A page that must never be kept by a browser or a proxy (the applicant's document page, ADR 0046).
  if (opts.isNoStorePage) {
    const isNoStorePage = opts.isNoStorePage;
    app.addHook('onSend', (request, reply, payload, done) => {
      const decoded = pathOf(request);
      if (decoded !== null && !isApiPath(decoded) && isNoStorePage(decoded)) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // The decoded path, as the router read it: `/%61pi/nope` and `/API/nope` are API paths too.
    const decoded = pathOf(request);
    if (decoded === null) return reply.status(400).send({ message: SERVER.badPath });
    if (isApiPath(decoded) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: SERVER.notFound });
    }
    if (!root || !shellFile) return reply.status(404).send({ message: SERVER.notFound });
    const relative = path
      .normalize(decoded)
      .replace(/^(\.\.(\/|\\|$))+/, '')
      .replace(/^\/+/, '');
    const candidates = [relative, path.join(relative, 'index.html')];
    for (const candidate of candidates) {
      const file = path.join(root, candidate);
      if (!file.startsWith(root) || candidate === '') continue;
      if (fs.existsSync(file) && fs.statSync(file).isFile()) {
        return candidate.endsWith('.html') ? sendPage(request, reply, candidate) : reply.sendFile(candidate);
      }
    }
    if (relative === '' && fs.existsSync(path.join(root, 'index.html'))) return sendPage(request, reply, 'index.html');
    // Asset-like paths that do not exist are real 404s; page routes get the SPA shell.
    if (/\.[a-z0-9]{1,5}$/i.test(relative)) return reply.status(404).send({ message: SERVER.notFound });
    return sendPage(request, reply, shellFile);
  });
});
