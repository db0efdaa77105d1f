import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath, pathOf } from '../lib/request-path.js';
import { readableTarget } from './request-target.js';

/**
 * Security headers with a strict CSP. The only inline scripts are the ones the web build emits;
 * their SHA-256 hashes are computed at build time (apps/web/scripts/postbuild.mjs) and allowed
 * by hash, so no 'unsafe-inline' is needed for scripts.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * No copy of personal data in a browser's or a proxy's cache (ADR 0016, docs/product.md#caching):
 * every API answer is `no-store` unless a public route chose its own caching for an anonymous
 * caller (the slide list); an answer to a signed-in caller, and any error anywhere, is always
 * `no-store`. Routes may say `private, no-store`; that stays.
 */
function noStoreWherePersonal(request: FastifyRequest, reply: FastifyReply) {
  const current = String(reply.getHeader('cache-control') ?? '');
  if (current.includes('no-store')) return;
  if (reply.statusCode >= 400) {
    reply.header('cache-control', 'no-store');
    return;
  }
  // The decoded path is already known (request-target.ts); Fastify builds routeOptions afresh on each read.
  const path = pathOf(request) ?? request.routeOptions.url ?? '';
  if (!isApiPath(path)) return;
  if (!current || request.headers.authorization !== undefined) reply.header('cache-control', 'no-store');
}

/**
 * The headers helmet sets for these options, worked out once. They are the same for every answer
 * (no per-request nonces), so there is no need to run helmet's middleware, which builds and
 * re-parses the whole policy, on each request.
 */
function helmetHeaders(options: HelmetOptions): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return [...headers];
}

/**
 * Sets the constant headers on a reply in one go: copied into the reply's own header object, which
 * Fastify keeps under a symbol of its own and writes with the answer, rather than one reply.header
 * call per header (each lower-cases its name and stores it by a computed key). Found on the first
 * reply; should a Fastify release name it otherwise, the headers are set one by one as before.
 */
function headerSetter(headers: [name: string, value: string][]): (reply: FastifyReply) => void {
  const all = Object.fromEntries(headers) as Record<string, string>;
  let own: symbol | null | undefined;
  return (reply) => {
    own ??= Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.headers') ?? null;
    const target = own && (reply as unknown as Record<symbol, unknown>)[own];
    if (target !== null && typeof target === 'object') Object.assign(target, all);
    else for (const [name, value] of headers) reply.header(name, value);
  };
}

export default fp(async function security(app: FastifyInstance, opts: { webRoot: string | null }) {
  let scriptHashes: string[] = [];
  const cspFile = opts.webRoot && path.join(opts.webRoot, 'csp.json');
  if (cspFile && fs.existsSync(cspFile)) {
    scriptHashes = (JSON.parse(fs.readFileSync(cspFile, 'utf8')) as { scriptHashes: string[] }).scriptHashes;
  }
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes.map((h) => `'${h}'`)],
        // Bootstrap's collapse and React's style props set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const setAll = headerSetter(headers);
  // Every request's first hook (app.ts registers this plugin before any other hook): the target
  // check (plugins/request-target.ts), then the headers. A refused target is answered without
  // them, as when the check was a hook of its own that ran first.
  app.addHook('onRequest', (request, reply, done) => {
    if (!readableTarget(request, reply)) return;
    setAll(reply);
    done();
  });
  // A CSP governs documents. On scripts, styles and raster media it does nothing, yet with a hash
  // per prerendered inline script it adds that whole list to every response: dropped there (SVG keeps it,
  // since an SVG opened on its own is a document).
  // JSON is never rendered as a page, so API answers get the smallest policy that still forbids
  // everything should a browser be tricked into showing one.
  // Hooks on every request are plain callbacks rather than async functions: no promise per call.
  app.addHook('onSend', (request, reply, payload, done) => {
    noStoreWherePersonal(request, reply);
    const type = String(reply.getHeader('content-type') ?? '');
    // JSON first: it is what nearly every answer is, and the pattern below cannot match it.
    if (type.startsWith('application/json')) {
      reply.header('content-security-policy', API_CSP);
    } else if (/^(text\/javascript|application\/javascript|text\/css|image\/(?!svg)|video\/|audio\/|font\/)/.test(type)) {
      reply.removeHeader('content-security-policy');
    }
    done(null, payload);
  });
});
