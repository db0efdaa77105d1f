import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../lib/version.js';

/** OpenAPI generated from the zod route schemas; UI at /api/docs, JSON at /api/docs/json. */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Visa desk API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
