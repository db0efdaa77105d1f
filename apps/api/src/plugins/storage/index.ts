import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/messages';
import type { Storage } from './storage.js';
import { isValidKey } from './storage.js';
import { type UrlSigner, createUrlSigner } from './signed-urls.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    urls: UrlSigner;
  }
}

/**
 * Decorates the app with the storage driver and URL signer, and serves files:
 * `/files/private/…` only with a valid signature; `/media/public/…` openly, cached for a year
 * (public keys are never reused, so their bytes never change).
 */
export default fp(async function storagePlugin(app: FastifyInstance, opts: { storage: Storage; secret: string }) {
  app.decorate('storage', opts.storage);
  app.decorate('urls', createUrlSigner(opts.secret));

  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidKey(key) || !key.startsWith('private/') || !app.urls.verify(key, request.query.exp, request.query.sig)) {
        return reply.status(403).send({ message: SERVER.forbidden });
      }
      const object = await opts.storage.get(key);
      if (!object) return reply.status(404).send({ message: SERVER.notFound });
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=600')
        .header('content-disposition', 'inline')
        .send(object.body);
    },
  );

  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = `public/${request.params['*']}`;
    if (!isValidKey(key)) return reply.status(404).send({ message: SERVER.notFound });
    const object = await opts.storage.get(key);
    if (!object) return reply.status(404).send({ message: SERVER.notFound });
    return reply
      .header('content-type', object.contentType)
      .header('content-length', object.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.body);
  });
});
