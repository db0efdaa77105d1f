import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { SERVER } from '@visa/shared/ui-texts';
import { HttpError } from '../lib/http-error.js';
import { RETRY_AFTER_FULL_S, RETRY_AFTER_UNAVAILABLE_S, outageOf } from '../lib/outage.js';

/**
 * One JSON error shape everywhere: {"message", "errors"?, "reason"?}. Only messages we wrote reach the
 * caller; anything unexpected is logged and answered with a generic 500 (no stack traces).
 */
export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) void reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send({ message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...(err.reason ? { reason: err.reason } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? SERVER.invalidInput,
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? SERVER.invalidInput, errors });
    }
    // PostgreSQL refuses to store or compare text with a NUL byte (SQLSTATE 22021); SQLite takes
    // it. Either way the input is at fault, not the server.
    if (err.code === '22021') return reply.status(400).send({ message: SERVER.invalidInput });
    // A body of a type the route does not parse, a multipart upload to a JSON route included
    // (plugins/uploads.ts): Fastify's message would quote the Content-Type header back.
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ message: SERVER.unsupportedMediaType });
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_PARTS_LIMIT') {
      return reply.status(413).send({ message: SERVER.payloadTooLarge });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: { code: err.code, message: err.message } }, 'client error');
      // Fastify's own 4xx messages (bad JSON, wrong content type) describe the input, not the server.
      return reply.status(status).send({ message: status === 429 ? SERVER.tooManyRequests : err.message });
    }
    // A dependency that is away (the database restarting, the object store down, the disk full):
    // the request can be tried again, and says so, instead of a 500 that reads like a bug (ADR 0068).
    const outage = outageOf(err);
    if (outage) {
      request.log.warn({ err: { code: err.code, name: err.name }, outage }, 'dependency unavailable');
      const full = outage === 'full';
      return reply
        .status(full ? 507 : 503)
        .header('retry-after', String(full ? RETRY_AFTER_FULL_S : RETRY_AFTER_UNAVAILABLE_S))
        .send({ message: full ? SERVER.storageFull : SERVER.unavailable });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: SERVER.internal });
  });
});
