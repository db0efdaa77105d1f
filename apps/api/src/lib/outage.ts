/**
 * Which failures mean "a dependency is away for now" rather than "this code is wrong" (ADR 0068).
 * A request that fails for one of these is answered 503 (or 507 when there is no room to store
 * anything) with Retry-After, never 500: the client can try again, an operator reads /api/ready.
 * Errors are told apart by their codes only (errno, SQLSTATE, SQLite's extended codes, the S3
 * client's names and HTTP statuses), never by the wording of a message, which changes between
 * driver versions and locales.
 */

export type Outage = 'unavailable' | 'full';

/** Seconds a client is asked to wait: a database restart or an object store blip is over in a few. */
export const RETRY_AFTER_UNAVAILABLE_S = 5;
/** No room to store: nothing changes until an operator frees space, so ask for a longer wait. */
export const RETRY_AFTER_FULL_S = 60;

/** Socket and file-system errnos that mean the other side, or the disk, cannot answer right now. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EIO',
  'EROFS',
  'EMFILE',
  'ENFILE',
  // undici's (fetch's) names for a socket that failed or a server that did not answer in time.
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]);
const FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT']);

/**
 * PostgreSQL SQLSTATEs: class 08 is "connection exception"; 57P01–57P03 are the server shutting
 * down, crashing or not yet accepting connections; 53300 is every connection slot in use; 53100
 * is the server's disk full.
 */
function postgresOutage(code: string): Outage | null {
  if (code === '53100') return 'full';
  if (code.startsWith('08') && code.length === 5) return 'unavailable';
  if (code === '57P01' || code === '57P02' || code === '57P03' || code === '53300') return 'unavailable';
  return null;
}

/** better-sqlite3 gives the extended result code (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE …). */
function sqliteOutage(code: string): Outage | null {
  if (code === 'SQLITE_FULL') return 'full';
  for (const family of ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_READONLY']) {
    if (code === family || code.startsWith(`${family}_`)) return 'unavailable';
  }
  return null;
}

/** The S3 client's answers that say the store is busy or broken, not that the request was wrong. */
const S3_UNAVAILABLE_NAMES = new Set(['SlowDown', 'ServiceUnavailable', 'InternalError', 'RequestTimeout', 'TimeoutError']);
const S3_FULL_NAMES = new Set(['XMinioStorageFull']);

interface ErrorShape {
  code?: unknown;
  errno?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  $fault?: unknown;
  outage?: unknown;
}

function classifyOne(err: ErrorShape): Outage | null {
  if (err.outage === 'unavailable' || err.outage === 'full') return err.outage;
  const code = typeof err.code === 'string' ? err.code : '';
  if (FULL_ERRNOS.has(code)) return 'full';
  if (UNAVAILABLE_ERRNOS.has(code)) return 'unavailable';
  const byCode = code.startsWith('SQLITE_') ? sqliteOutage(code) : /^[0-9A-Z]{5}$/.test(code) ? postgresOutage(code) : null;
  if (byCode) return byCode;
  const name = typeof err.name === 'string' ? err.name : '';
  if (S3_FULL_NAMES.has(name)) return 'full';
  if (S3_UNAVAILABLE_NAMES.has(name)) return 'unavailable';
  const status = err.$metadata?.httpStatusCode;
  if (err.$fault === 'server' || (typeof status === 'number' && status >= 500)) return 'unavailable';
  return null;
}

/**
 * The outage behind an error, looking through its causes (drivers and the S3 client wrap the socket
 * error) and an AggregateError's parts (a connection tried on several addresses); null for any
 * other error, which stays a 500.
 */
export function outageOf(err: unknown, depth = 0): Outage | null {
  if (!err || typeof err !== 'object' || depth > 5) return null;
  const e = err as ErrorShape;
  const own = classifyOne(e);
  if (own) return own;
  if (Array.isArray(e.errors)) {
    for (const part of e.errors as unknown[]) {
      const found = outageOf(part, depth + 1);
      if (found) return found;
    }
  }
  return outageOf(e.cause, depth + 1);
}

/** Marks an error as an outage when only its origin tells (a PostgreSQL connection that was lost). */
export function markUnavailable<T extends object>(err: T): T {
  Object.defineProperty(err, 'outage', { value: 'unavailable', enumerable: false });
  return err;
}
