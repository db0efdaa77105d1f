import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/messages';
import { HttpError } from '../lib/http-error.js';

/**
 * The multipart parser accepts an upload on any route and leaves the body empty, so a JSON route
 * whose body is optional (the status actions) would act on a multipart request as if nothing
 * were sent. Only routes that declare multipart in their schema take it; the others answer 415.
 */
export default fp(async function bodyTypes(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) return done();
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
    done(consumes.includes('multipart/form-data') ? undefined : new HttpError(415, SERVER.unsupportedMediaType));
  });
});
