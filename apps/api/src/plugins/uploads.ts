import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** The outer limits of any upload; each form narrows them when it reads its parts. */
const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024 + 1, files: 20, fields: 40, fieldSize: 64 * 1024, parts: 60 };

/**
 * Registers the routes that take multipart uploads in a scope of their own, the only one where a
 * multipart body is parsed. Elsewhere Fastify has no parser for it and answers 415, so a JSON
 * route whose body is optional (the status actions) never acts on an upload as if nothing were
 * sent. It also keeps the parser's hooks, which run on every request of the scope it is registered
 * in (two async hooks that clean up saved temporary files, which this app never saves), off the
 * staff list and every other request.
 */
export async function uploadRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    routes(scope);
  });
}
