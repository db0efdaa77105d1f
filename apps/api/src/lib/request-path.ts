import type { FastifyRequest } from 'fastify';

/**
 * Reading a request's path the way the router does (ADR 0016): shared by the request-target guard
 * (plugins/request-target.ts), the page server and the request log, so each reads the same path.
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
  const url = originForm(request.url);
  const query = url.indexOf('?');
  const raw = query === -1 ? url : url.slice(0, query);
  let decoded: string | null = raw;
  // Only a percent sign starts an escape: a path without one decodes to itself (and cannot fail).
  if (raw.includes('%')) {
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      decoded = null;
    }
  }
  request.decodedPath = decoded;
  return decoded;
}

/** True for the API's paths, in any case: `/API/x` is not a page either. */
export const isApiPath = (path: string) => /^\/api(\/|$)/i.test(path);
