import type { FastifyInstance, FastifyReply } from 'fastify';
import { SERVER } from '@visa/shared/ui-texts';
import type { RouteOptions } from '../../../context.js';
import { type StoredObject, isValidKey } from '../../../infra/storage/storage.js';

/**
 * Serves stored files (docs/product.md#api-other): `/files/private/…` only with a valid signature;
 * `/media/public/…` openly, cached for a year (public keys are never reused, so their bytes never
 * change). Not in the OpenAPI document: these are addresses the API hands out, not operations.
 */
/**
 * A private file may stay in the viewer's own browser cache (never a shared one) for ten minutes,
 * and never beyond its URL's expiry (ADR 0016): after that only a newly signed URL shows it.
 */
const PRIVATE_MAX_AGE_S = 600;
const privateMaxAge = (expS: number) => Math.max(0, Math.min(PRIVATE_MAX_AGE_S, Math.floor(expS - Date.now() / 1000)));

/** A stored file's bytes as they were stored, never sniffed as anything else. */
const send = (reply: FastifyReply, object: StoredObject, caching: Record<string, string>) =>
  reply
    .header('content-type', object.contentType)
    .header('content-length', object.size)
    .header('x-content-type-options', 'nosniff')
    .headers(caching)
    .send(object.body);

export default async function fileRoutes(app: FastifyInstance, { ctx }: RouteOptions) {
  const { storage, urls } = ctx;

  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
    '/files/*',
    { schema: { hide: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isValidKey(key) || !key.startsWith('private/') || !urls.verify(key, request.query.exp, request.query.sig)) {
        return reply.status(403).send({ message: SERVER.forbidden });
      }
      const object = await storage.get(key);
      if (!object) return reply.status(404).send({ message: SERVER.notFound });
      return send(reply, object, {
        'cache-control': `private, max-age=${privateMaxAge(Number(request.query.exp))}`,
        'content-disposition': 'inline',
      });
    },
  );

  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = `public/${request.params['*']}`;
    if (!isValidKey(key)) return reply.status(404).send({ message: SERVER.notFound });
    const object = await storage.get(key);
    if (!object) return reply.status(404).send({ message: SERVER.notFound });
    return send(reply, object, { 'cache-control': 'public, max-age=31536000, immutable' });
  });
}
