import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER } from '@visa/shared/ui-texts';
import { pathOf } from '../lib/request-path.js';

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Compares the two values in constant time whatever they hold: both sides are hashed first, so the
 * buffers always have the same length. Comparing string lengths would not do, since a decoded
 * cookie's characters and its bytes differ in number (`é` is one character, two bytes).
 */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * Double-submit anti-forgery check (ADR 0005): every response makes sure the browser holds a
 * random XSRF-TOKEN cookie; every unsafe request must echo it in X-XSRF-TOKEN. A forged
 * cross-site form cannot read our cookie, so it cannot send the header.
 *
 * The check applies to every method but GET, HEAD and OPTIONS whatever the path: only the API
 * takes unsafe requests, and a check that looked at the URL would miss the spellings the router
 * still matches (`/%61pi/…`, an absolute-form target; ADR 0016). The one exception is a POST to
 * a page that has a form (ADR 0037), read from the decoded path as the router reads it: it is
 * checked by where it comes from instead.
 */
/**
 * A form posted to its own page without the page's script (ADR 0037) cannot send the header; it
 * must come from this site instead. A browser names where a POST comes from (Origin, and
 * Sec-Fetch-Site where supported), and a cross-site form cannot hide it: another site's, an opaque
 * `null`, or `cross-site`/`same-site` is refused. A request naming neither is not a browser's form.
 */
function fromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

export default fp(async function xsrf(
  app: FastifyInstance,
  opts: {
    secure: boolean;
    publicOrigin: string;
    isFormPage: (path: string) => boolean;
    /** A provider's webhook (ADR 0045): no browser posts there, and the route checks the provider's signature instead. */
    isSignedWebhook?: (path: string) => boolean;
    isTokenUpload?: (path: string) => boolean;
  },
) {
  // The request's cookies are read here rather than in a hook of @fastify/cookie's own (app.ts
  // registers it with `hook: false`), so a request runs one hook for both. Setting a cookie still
  // goes through the plugin, which reads them again then.
  app.addHook('onRequest', (request, reply, done) => {
    const cookies = request.raw.headers.cookie;
    request.cookies = cookies ? app.parseCookie(cookies) : {};
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      });
    }
    if (SAFE.has(request.method)) return done();
    const path = pathOf(request);
    if (request.method === 'POST' && path !== null && opts.isSignedWebhook?.(path)) return done();
    if (request.method === 'POST' && path !== null && opts.isFormPage(path)) {
      if (fromThisSite(request, opts.publicOrigin)) done();
      else reply.status(403).send({ message: SERVER.xsrf });
      return;
    }
    // Resumable uploads (ADR 0047) are opened by the link's token in a header, never by a cookie, so
    // a forged cross-site request has nothing to ride on; where they come from is still checked.
    if (path !== null && opts.isTokenUpload?.(path)) {
      if (fromThisSite(request, opts.publicOrigin)) done();
      else reply.status(403).send({ message: SERVER.xsrf });
      return;
    }
    const header = request.headers[XSRF_HEADER];
    const ok = typeof header === 'string' && typeof cookie === 'string' && header.length > 0 && sameSecret(header, cookie);
    // Answered here, so the chain is not continued (done is not called).
    if (!ok) reply.status(403).send({ message: SERVER.xsrf });
    else done();
  });
});
