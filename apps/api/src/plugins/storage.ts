import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UrlSigner } from '../infra/storage/signed-urls.js';
import type { Storage } from '../infra/storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    urls: UrlSigner;
  }
}

/** Decorates the app with the storage driver and the URL signer of the app context. */
export default fp(async function storagePlugin(app: FastifyInstance, opts: { storage: Storage; urls: UrlSigner }) {
  app.decorate('storage', opts.storage);
  app.decorate('urls', opts.urls);
});
