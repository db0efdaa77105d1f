import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_FILE_REASONS as R } from '@visa/shared/import-texts';
import { isPrivateAddress } from './public-address.js';

/**
 * Fetching one file of the earlier app (ADR 0042): http and https only, public addresses only
 * (public-address.ts) unless private ones are allowed, a time-out per request, a size cap read as the bytes arrive,
 * and retries with growing waits for what may pass (time-outs, 5xx, broken connections), never
 * for an answer that will not change (404, 403, a refused address).
 */

export interface FetchOptions {
  /** Loopback and private networks too: only for an earlier app served from inside the office's network, and tests. */
  allowPrivateHosts: boolean;
  timeoutMs: number;
  /** Tries in all for a file whose failure may pass. */
  attempts: number;
  /** The wait before the second try; each later wait doubles it. */
  retryDelayMs: number;
  maxBytes: number;
}

export type FetchResult = { ok: true; bytes: Buffer; filename: string; declaredType: string } | { ok: false; reason: string };

/** A failure another try may mend, or one it will not. */
class FetchFailure extends Error {
  constructor(
    readonly reason: string,
    readonly retry: boolean,
  ) {
    super(reason);
  }
}

const MAX_REDIRECTS = 3;

/**
 * The address a connection goes to is checked, not the name: a name that resolves to a private
 * address is refused however it is spelt, and the connection uses the very address that was
 * checked, so a second lookup cannot answer differently.
 */
function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) return callback(Object.assign(new Error(R.privateHost), { code: 'EPRIVATE' }), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The file's own name as the earlier app kept it: the last part of the address's path. */
export function filenameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(last).slice(0, 120) || 'unnamed file';
  } catch {
    return last.slice(0, 120) || 'unnamed file';
  }
}

interface Answer {
  redirect?: URL;
  bytes?: Buffer;
  declaredType?: string;
}

function requestOnce(url: URL, options: FetchOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !options.allowPrivateHosts && isPrivateAddress(host)) {
      reject(new FetchFailure(R.privateHost, false));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, { lookup: guardedLookup(options.allowPrivateHosts), headers: { accept: '*/*' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        try {
          resolve({ redirect: new URL(res.headers.location, url) });
        } catch {
          reject(new FetchFailure(R.badAddress, false));
        }
        return;
      }
      if (status !== 200) {
        res.resume();
        reject(new FetchFailure(R.answered(status), status >= 500 || status === 408 || status === 429));
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        reject(new FetchFailure(R.tooLarge(options.maxBytes), false));
        res.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Read as it arrives and cut off past the cap: a lying or absent length cannot fill memory.
        if (size > options.maxBytes) {
          // Settled before the connection is dropped, so the drop is not taken for a broken connection.
          reject(new FetchFailure(R.tooLarge(options.maxBytes), false));
          res.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ bytes: Buffer.concat(chunks), declaredType: String(res.headers['content-type'] ?? '') }));
      res.on('error', () => reject(new FetchFailure(R.connection, true)));
      res.on('aborted', () => reject(new FetchFailure(R.connection, true)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new FetchFailure(R.timedOut(options.timeoutMs), true));
    }, options.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPRIVATE') reject(new FetchFailure(R.privateHost, false));
      else if (err.code === 'ENOTFOUND') reject(new FetchFailure(R.unknownHost, false));
      else reject(new FetchFailure(R.connection, true));
    });
  });
}

async function followRedirects(start: URL, options: FetchOptions): Promise<{ bytes: Buffer; declaredType: string }> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    // Every hop is judged as the first address was: a redirect cannot lead somewhere refused.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailure(R.notHttp, false);
    const answer = await requestOnce(url, options);
    if (!answer.redirect) return { bytes: answer.bytes!, declaredType: answer.declaredType ?? '' };
    url = answer.redirect;
  }
  throw new FetchFailure(R.tooManyRedirects, false);
}

/** Fetches one file, trying again with growing waits while its failure may pass. */
export async function fetchFile(address: string, options: FetchOptions): Promise<FetchResult> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, reason: R.badAddress };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: R.notHttp };
  let last = '';
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    try {
      const { bytes, declaredType } = await followRedirects(url, options);
      return { ok: true, bytes, declaredType, filename: filenameOf(url) };
    } catch (err) {
      if (!(err instanceof FetchFailure)) throw err;
      if (!err.retry) return { ok: false, reason: err.reason };
      last = err.reason;
      if (attempt < options.attempts) await sleep(options.retryDelayMs * 2 ** (attempt - 1));
    }
  }
  return { ok: false, reason: R.gaveUp(options.attempts, last) };
}
