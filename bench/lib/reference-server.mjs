// The same-work reference (bench/README.md; its rounds in bench/HISTORY.md "1. Same-work reference"): a bare node:http server
// that answers four of the product's routes doing the work the product must do for them and
// nothing else. Run as a child process by bench/reference.mjs on the product's own SQLite file:
//   GET /api/users/me                                   bearer token + session check, the user
//   GET /api/application/fetchApplication?page&limit[&search]   the staff list / a search
//   GET /api/application/fetchApplicationEnquiry?search&search1&search2[&limit]   the status check
//
// The SQL is not copied: at start-up the product's own repository functions (apps/api/dist) run
// once against a Kysely that records what it sends, with recognisable stand-in values; each
// recorded statement is then prepared with better-sqlite3 and its parameters bound by which
// stand-in they carried. So when the product's queries change, the reference runs the new ones.
// Per request there is no Kysely, no Fastify, no zod: URL parsing, the product's own JWT check (an
// HMAC), prepared statements, JSON.stringify, and the product's security headers as one constant list.
//
// Every answer writes one JSON request-log line (route pattern, status, time taken, the request's
// number) synchronously to REFERENCE_LOG, as the product writes its line to standard output.
//
// Environment: PORT, HOST, DATA_DIR, APP_SECRET (as the product's), TRUST_PROXY (a hop count or
// unset), REFERENCE_HEADERS (JSON: the headers the product puts on an API answer), REFERENCE_LOG
// (the log file; required).
// The parts live in ./reference/: product.mjs (the product's build and database), statements.mjs
// (its SQL recorded and prepared), crypto.mjs (tokens, file URLs, hashes), staff.mjs and enquiry.mjs
// (the work of each route).

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { SERVER } from './reference/product.mjs';
import { enquire } from './reference/enquiry.mjs';
import { authenticate, listPage } from './reference/staff.mjs';

const hops = Number(process.env.TRUST_PROXY || 0);
const extraHeaders = Object.entries(JSON.parse(process.env.REFERENCE_HEADERS ?? '{}'));

/** The client address as the product reads it: the peer, or with TRUST_PROXY=n the n-th X-Forwarded-For entry from the right. */
function clientOf(req) {
  if (!hops) return req.socket.remoteAddress;
  const chain = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - hops] ?? chain[0] ?? req.socket.remoteAddress;
}

if (!process.env.REFERENCE_LOG) throw new Error('reference server: REFERENCE_LOG (the log file) is required');
const logFd = fs.openSync(process.env.REFERENCE_LOG, 'a');
const hostname = os.hostname();
let requests = 0;

/** The request-log line of an answer: what the product's line says, no value from the request. */
function logAnswer(res) {
  const line = {
    level: 30,
    time: Date.now(),
    pid: process.pid,
    hostname,
    reqId: res.reqId,
    res: { statusCode: res.statusCode, method: res.req.method, route: res.route },
    responseTime: performance.now() - res.startedAt,
    msg: 'request completed',
  };
  fs.writeSync(logFd, `${JSON.stringify(line)}\n`);
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of extraHeaders) res.setHeader(name, value);
  // The anti-forgery cookie for a client that does not hold one yet (ADR 0005), as the product does.
  if (!res.req.headers.cookie?.includes('XSRF-TOKEN=')) {
    res.setHeader('set-cookie', `XSRF-TOKEN=${randomBytes(24).toString('base64url')}; Path=/; SameSite=Strict`);
  }
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('content-length', Buffer.byteLength(json));
  res.end(json);
  logAnswer(res);
}

const unauthorized = { message: SERVER.unauthorized };

http
  .createServer((req, res) => {
    const q = req.url.indexOf('?');
    const pathname = q === -1 ? req.url : req.url.slice(0, q);
    res.startedAt = performance.now();
    res.reqId = `req-${(++requests).toString(36)}`;
    // The routes answered here have no parameters in their path: the pattern is the path.
    res.route = pathname;
    const params = new URLSearchParams(q === -1 ? '' : req.url.slice(q + 1));
    try {
      if (pathname === '/api/health') return send(res, 200, { status: 'ok' });
      if (pathname === '/api/application/fetchApplicationEnquiry') {
        const [status, body, waitMs] = enquire(params, clientOf(req));
        if (waitMs > 0) setTimeout(send, waitMs, res, status, body);
        else send(res, status, body);
        return undefined;
      }
      if (pathname === '/api/users/me' || pathname === '/api/application/fetchApplication') {
        const user = authenticate(req);
        if (!user) return send(res, 401, unauthorized);
        if (pathname === '/api/users/me') return send(res, 200, user);
        const page = listPage(params);
        return page ? send(res, 200, page) : send(res, 400, { message: 'Bad request' });
      }
      return send(res, 404, { message: 'Not found' });
    } catch (err) {
      process.stderr.write(`reference server: ${err.stack}\n`);
      return send(res, 500, { message: 'Internal error' });
    }
  })
  .listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');

// Stopped by SIGTERM, it exits as a process does, so `node --cpu-prof` writes its profile (bench/profile.mjs SIDE=reference).
process.on('SIGTERM', () => process.exit(0));
