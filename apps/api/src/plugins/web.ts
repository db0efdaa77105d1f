import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/messages';
import { isApiPath, pathOf } from './request-target.js';

/**
 * Serves the built SPA: prerendered public pages as their own HTML (content before any script),
 * hashed assets with a one-year cache, and the SPA shell for every other page route.
 */
export default fp(async function web(app: FastifyInstance, opts: { root: string | null }) {
  const root = opts.root;
  const shellFile = root && ['__spa-fallback.html', 'index.html'].find((f) => fs.existsSync(path.join(root, f)));

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
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(candidate);
    }
    if (relative === '' && fs.existsSync(path.join(root, 'index.html'))) return reply.sendFile('index.html');
    // Asset-like paths that do not exist are real 404s; page routes get the SPA shell.
    if (/\.[a-z0-9]{1,5}$/i.test(relative)) return reply.status(404).send({ message: SERVER.notFound });
    return reply.type('text/html').sendFile(shellFile);
  });
});
