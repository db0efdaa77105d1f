import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict CSP. The only inline scripts are the ones the web build emits;
 * their SHA-256 hashes are computed at build time (apps/web/scripts/postbuild.mjs) and allowed
 * by hash, so no 'unsafe-inline' is needed for scripts.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export default fp(async function security(app: FastifyInstance, opts: { webRoot: string | null }) {
  let scriptHashes: string[] = [];
  const cspFile = opts.webRoot && path.join(opts.webRoot, 'csp.json');
  if (cspFile && fs.existsSync(cspFile)) {
    scriptHashes = (JSON.parse(fs.readFileSync(cspFile, 'utf8')) as { scriptHashes: string[] }).scriptHashes;
  }
  await app.register(helmet, {
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
  // A CSP governs documents. On scripts, styles and raster media it does nothing, yet with a hash
  // per prerendered inline script it weighs ~1.5 KB per response: dropped there (SVG keeps it,
  // since an SVG opened on its own is a document).
  // JSON is never rendered as a page, so API answers get the smallest policy that still forbids
  // everything should a browser be tricked into showing one.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (/^(text\/javascript|application\/javascript|text\/css|image\/(?!svg)|video\/|audio\/|font\/)/.test(type)) {
      reply.removeHeader('content-security-policy');
    } else if (type.startsWith('application/json')) {
      reply.header('content-security-policy', API_CSP);
    }
    return payload;
  });
});
