import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/messages';

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

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Fastify's rewriteUrl: the path and query of an absolute-form target, anything else unchanged. */
export function originForm(url: string): string {
  if (url.startsWith('/')) return url;
  const authority = ABSOLUTE_FORM.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** pathOf's answer, once worked out: undefined until then. */
    decodedPath: string | null | undefined;
  }
}

/** The request's path, percent-decoded (what the router matched), or null if it does not decode. */
export function pathOf(request: FastifyRequest): string | null {
  const known = request.decodedPath;
  if (known !== undefined) return known;
  const raw = originForm(request.url).split('?')[0] ?? '';
  let decoded: string | null;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = null;
  }
  request.decodedPath = decoded;
  return decoded;
}

/** True for the API's paths, in any case: `/API/x` is not a page either. */
export const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);

function isCanonical(path: string): boolean {
  if (!path.startsWith('/') || path.includes('//') || path.includes('\\')) return false;
  return !path.split('/').some((segment) => segment === '.' || segment === '..');
}

export default fp(async function requestTarget(app: FastifyInstance) {
  // Declared on every request from the start, so setting it does not change the object's shape.
  app.decorateRequest('decodedPath', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request);
    // Answered here, so the chain is not continued (done is not called).
    if (path === null || !isCanonical(path)) reply.status(400).send({ message: SERVER.badPath });
    else done();
  });
});
