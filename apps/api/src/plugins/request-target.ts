import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/ui-texts';
import { pathOf } from '../lib/request-path.js';

/**
 * One path, one check (ADR 0016). The router percent-decodes a path before matching it, so
 * `/%61pi/users/me` is the route `/api/users/me`; a guard that read the raw URL would see another
 * path than the router did. So no guard reads the raw URL (they hang on the matched route or apply
 * whatever the path), and what is left to do with the URL is done once, here:
 *
 * - an absolute-form target (`POST http://host/api/… HTTP/1.1`) is reduced to its path before
 *   routing, so request.url is always a path;
 * - a path that does not decode, or that holds dot segments (`.`, `..`, also encoded), empty
 *   segments (`//`) or backslashes, is refused with 400 before any other hook: browsers never send
 *   such a path (they resolve dot segments themselves), and each reader of it (router, static
 *   files, proxies, which may take `\` for `/`) could resolve it differently. Other odd characters
 *   are left to the route's own validation (a NUL in an id is "Invalid ID format").
 *
 * Upper case and a trailing slash are different paths: no route has them, so they are 404.
 */

/** Empty segments, backslashes, or a `.` or `..` segment: every segment follows a `/`, the path starting with one. */
const ODD_PATH = /\/\/|\\|\/\.\.?(?:\/|$)/;

const isCanonical = (path: string) => path.startsWith('/') && !ODD_PATH.test(path);

/**
 * Whether the request's path can be read one way only; if not, it has been answered 400 here and the
 * chain must not go on. The first thing every request's first hook does (plugins/security.ts), so
 * it runs before any other hook, as one hook rather than one of its own.
 */
export function readableTarget(request: FastifyRequest, reply: FastifyReply): boolean {
  const path = pathOf(request);
  if (path !== null && isCanonical(path)) return true;
  void reply.status(400).send({ message: SERVER.badPath });
  return false;
}

export default fp(async function requestTarget(app: FastifyInstance) {
  // Declared on every request from the start, so setting it does not change the object's shape.
  app.decorateRequest('decodedPath', undefined);
});
