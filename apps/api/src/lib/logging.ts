import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import os from 'node:os';
import pino from 'pino';
import { UPLOADS_PATH } from '@visa/shared/document-requests';
import { CALENDAR_PATH } from '@visa/shared/staff-deadlines';
import { pathOf } from './request-path.js';

/**
 * What a log line may say about a request (ADR 0016, docs/product.md#logs): the method, the route
 * it matched (its pattern, so ids and file keys stay out) or else its path without the query, and
 * the outcome. Never query values (the status check's passport, nationality and date of birth, a
 * staff search, a signed URL's signature), headers, cookies, bodies or client addresses. These
 * serializers apply to every line that carries a request, a reply or an error, whoever logs it.
 */

const MAX_PATH = 200;

/** The route pattern a request matched, else its path without the query (capped: a probe may send anything). */
function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions?.url;
  if (pattern) return pattern;
  const path = pathOf(request) ?? request.url.split('?')[0] ?? '';
  // An upload's id is a secret of its link (ADR 0063): an address under the endpoint that matched
  // no route (a further segment, a method tus does not take) is logged without what follows.
  if (path.toLowerCase().startsWith(`${UPLOADS_PATH}/`)) return `${UPLOADS_PATH}/…`;
  // So is a calendar feed's token (ADR 0081): an address of the feeds that matched no route keeps only the prefix.
  if (path.toLowerCase().startsWith(`${CALENDAR_PATH}/`)) return `${CALENDAR_PATH}/…`;
  return path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path;
}

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[a-z]{2,}/gi;
const QUOTED = /"[^"]*"|'[^']*'|`[^`]*`/g;

/**
 * An error's message may quote its input: JSON.parse shows the body it choked on, PostgreSQL the
 * value it refused. Quoted spans and email addresses are blanked; the type, code and the stack's
 * frames (where it happened) stay, which is what mending a fault needs.
 */
function scrubMessage(message: string): string {
  const scrubbed = message.replace(QUOTED, (q) => `${q[0]}…${q[0]}`).replace(EMAIL, '[email]');
  return scrubbed.length > 500 ? `${scrubbed.slice(0, 500)}…` : scrubbed;
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
}

/**
 * Only these fields of an error are logged. Everything else an error may carry (PostgreSQL's
 * `detail` with the duplicate value, a validation error's input, a body) is left out.
 */
interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(err: unknown, depth = 0): LoggedError {
  if (err === null || typeof err !== 'object') return { type: typeof err, message: scrubMessage(String(err)), stack: '' };
  const e = err as ErrorLike;
  const out: LoggedError = {
    type: err instanceof Error ? err.constructor.name : typeof e.name === 'string' ? e.name : 'Object',
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    message: typeof e.message === 'string' ? scrubMessage(e.message) : '',
    // The stack's first lines repeat the message; only the frames (where it happened) are kept.
    stack:
      typeof e.stack === 'string'
        ? e.stack
            .split('\n')
            .filter((line) => /^\s+at /.test(line))
            .join('\n')
        : '',
  };
  if (e.cause !== undefined && depth < 2) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(EMAIL, '[email]');
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  // Only plain objects: a request, a reply or an error is left to its serializer.
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, depth + 1)]));
}

/**
 * A message is scrubbed as an error's is: Fastify quotes a request's raw URL, query and all, in its
 * warning about a reply sent twice, and a line that carries only an error would take that error's
 * message as it is (pino copies it into `msg`).
 */
function scrubbedArguments(args: unknown[]): unknown[] {
  const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubMessage(arg) : arg));
  if (args.length !== 1) return scrubbed;
  const [only] = args;
  const err = only instanceof Error ? only : (only as { err?: { message?: unknown } } | null)?.err;
  if (typeof err?.message === 'string' && !(only as { msg?: unknown }).msg) scrubbed.push(scrubMessage(err.message));
  return scrubbed;
}

/** A destination whose waiting lines can be written out: at once, or with a callback when done. */
type FlushableDestination = pino.DestinationStream & { flushSync(): void; flush(cb?: (err?: Error) => void): void };

/**
 * Where the app's logger writes unless a test gives it a stream: a file descriptor (standard
 * output) through sonic-boom, as pino's own default, but in sonic-boom's buffer mode, each line
 * handed over as a Buffer. In its default text mode, while a write is under way sonic-boom appends
 * each new line to one pending string and measures that whole string again (`Buffer.byteLength`)
 * for every line, which under load made the request log's write cost several times the line itself
 * (ADR 0112); in buffer mode it keeps the lines and joins them once per write. `pino.destination`
 * registers the same flush on exit as pino's default destination, so lines logged before
 * `process.exit` (a SIGTERM's shutdown) are written.
 */
export function logDestination(fd = 1): FlushableDestination {
  // In buffer mode sonic-boom takes Buffers; its types know only strings.
  const boom = pino.destination({ dest: fd, contentMode: 'buffer' }) as unknown as Omit<FlushableDestination, 'write'> & {
    write(data: Buffer): boolean;
  };
  return {
    // Looked up at each line: on a closed pipe (EPIPE) pino replaces the stream's write with a no-op.
    write: (line: string) => boom.write(Buffer.from(line)),
    flushSync: () => boom.flushSync(),
    flush: (cb) => boom.flush(cb),
  };
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The logger every app process uses; buildApp adds a destination when a test reads the lines. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, route: routeOf(request) }),
      res: (reply: Pick<Partial<FastifyReply>, 'statusCode' | 'request'>) => ({
        statusCode: reply.statusCode,
        ...(reply.request ? { method: reply.request.method, route: routeOf(reply.request) } : {}),
      }),
      err: (err: unknown) => serializeError(err),
    },
    // In case someone logs headers or a body after all.
    redact: {
      paths: [
        'headers.authorization',
        'headers.cookie',
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        '*.password',
        'token',
        '*.token',
        'refreshToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, scrubbedArguments(args) as Parameters<typeof method>);
      },
    },
    formatters: {
      // An address in a free-text field (an SMTP server's refusal names the recipient) is blanked too.
      log: (object: Record<string, unknown>) => scrubValue(object, 0) as Record<string, unknown>,
    },
  };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean; bindings(): Record<string, unknown> };
type ChildArgs = Parameters<NonNullable<FastifyServerOptions['childLoggerFactory']>>;

/** What a request's lazy logger holds: how to make its real child, and the child once made. */
interface LazyLogger {
  made?: PinoLogger;
  args: readonly [Record<string, unknown>, ChildArgs[2]];
}
const realOf = (lazy: LazyLogger, parent: PinoLogger) => (lazy.made ??= parent.child(...lazy.args) as PinoLogger);

/** Per app logger, the prototype of its requests' lazy loggers, for the levels on when it was made. */
const lazyPrototypes = new WeakMap<object, { level: string; prototype: object }>();

function lazyPrototypeOf(logger: PinoLogger): object {
  const known = lazyPrototypes.get(logger);
  if (known?.level === logger.level) return known.prototype;
  const prototype = Object.create(logger) as Record<string, unknown>;
  for (const level of LEVELS) {
    if (logger.isLevelEnabled(level))
      prototype[level] = function (this: LazyLogger, ...args: unknown[]) {
        return (realOf(this, logger)[level] as (...a: unknown[]) => void)(...args);
      };
  }
  prototype.child = function (this: LazyLogger, ...args: Parameters<FastifyBaseLogger['child']>) {
    return realOf(this, logger).child(...args);
  };
  prototype.bindings = function (this: LazyLogger) {
    return realOf(this, logger).bindings();
  };
  lazyPrototypes.set(logger, { level: logger.level, prototype });
  return prototype;
}

/**
 * A request's logger, made when something is first logged through it. Fastify makes a child logger
 * (the request's id bound in) for every request; with redaction and the app's serializers that
 * costs each answer some microseconds, though at LOG_LEVEL=warn most requests never log a line.
 * Levels that are off stay the parent's no-ops; the others, `child` and `bindings` make the real
 * child on first use, so every line that is written carries the request's id as before. Their
 * functions live on one prototype per app logger (made again if its level changes), so a request
 * that logs nothing costs one small object rather than a closure per level.
 */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => {
  const lazy = Object.create(lazyPrototypeOf(logger as PinoLogger)) as LazyLogger;
  lazy.args = [bindings, options];
  return lazy as unknown as FastifyBaseLogger;
};

/**
 * One line per answer (ADR 0073): Fastify writes "incoming request" and then "request completed"
 * for each, and the second already says everything the first did (method and route, with the
 * status and the time taken). That line is written straight to the app logger's destination, at
 * the app's level, with the request's id as a field, in the very form pino's own defaults give it
 * (the same fields in the same order): it is made here from the route and numbers only, so it needs
 * none of the redaction, scrubbing and serializers the app's logger runs on every line, nor pino's
 * walk over an object to write it, and no request logger is made for a request that logs nothing
 * else. Errors, aborted streams and the rest stay Fastify's, through the app's logger.
 */
class OneLinePerAnswer extends LogController {
  #line: ((request: FastifyRequest, reply: FastifyReply) => void) | null | undefined;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.#line === undefined) this.#line = lineWriterBeside(request.server.log, this.requestIdLogLabel);
    this.#line?.(request, reply);
  }
}

/** Writes the answer's line where `log` writes, as pino would at its defaults; null when `log`'s level leaves out `info`. */
function lineWriterBeside(log: FastifyBaseLogger, idLabel: string): ((request: FastifyRequest, reply: FastifyReply) => void) | null {
  if (!pino.levels.values[log.level] || pino.levels.values[log.level]! > pino.levels.values.info!) return null;
  const destination = (log as unknown as Record<symbol, pino.DestinationStream | undefined>)[pino.symbols.streamSym] ?? pino.destination(1);
  const head = `{"level":${pino.levels.values.info},"time":`;
  const fields = `,"pid":${process.pid},"hostname":${JSON.stringify(os.hostname())},${JSON.stringify(idLabel)}:`;
  return (request, reply) => {
    const route = request.routeOptions?.url ?? routeOf(request).replace(EMAIL, '[email]');
    destination.write(
      `${head}${Date.now()}${fields}${JSON.stringify(request.id)},"res":{"statusCode":${reply.statusCode},"method":${JSON.stringify(request.method)},"route":${JSON.stringify(route)}},"responseTime":${JSON.stringify(reply.elapsedTime)},"msg":"request completed"}\n`,
    );
  };
}

/** Fastify's request lines as the app writes them: one per answer. */
export const requestLogController = (): LogController => new OneLinePerAnswer();
