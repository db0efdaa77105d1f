import { vi } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import type { NewApplicationRow } from '../../../../../api/src/db/schema';
import { createRateLimiter } from '../../../../../api/src/modules/rate-limits/limiter';
import { STATUS_CHECK_URL } from '../api/get-status-check';

export interface StatusCheckApi {
  t: TestApp;
  /** Every enquiry the page sent, oldest first (path and query). */
  sent: string[];
  /** The next enquiry never answers (until aborted): for the 10 s timeout. */
  hangNext(): void;
  /** An application row as the add route leaves it (passport normalised, lower-cased keys). */
  insertApplication(overrides?: Partial<NewApplicationRow>): Promise<NewApplicationRow>;
  /** Uses up this page's per-address allowance, so the next lookup gets the real 429. */
  exhaustRateLimit(): Promise<void>;
  resetRateLimit(): Promise<void>;
  close(): Promise<void>;
}

/** The address the page's requests come from, as the API sees it. */
const CLIENT_ADDRESS = '203.0.113.9';

/**
 * The real enquiry API (fresh migrated database, real rate limits and audit) behind the page's own
 * fetch call: only the transport differs, requests go through Fastify's inject instead of a socket.
 */
export async function startStatusCheckApi(): Promise<StatusCheckApi> {
  const t = await createTestApp();
  // The app's own counter key for this address: a keyed hash, as the API writes it.
  const limiter = createRateLimiter(t.db, { secret: t.config.APP_SECRET!, ipv6Prefix: t.config.RATE_LIMIT_IPV6_PREFIX });
  const addressKey = limiter.key('enquiry:ip', { client: CLIENT_ADDRESS });
  const sent: string[] = [];
  let hang = false;

  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(STATUS_CHECK_URL)) throw new TypeError(`Unexpected request from a public page: ${url}`);
    sent.push(url);
    const aborted = new Promise<never>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
    if (hang) {
      hang = false;
      return aborted;
    }
    const res = await Promise.race([t.app.inject({ method: 'GET', url, remoteAddress: CLIENT_ADDRESS }), aborted]);
    const headers = Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]));
    return new Response(res.body, { status: res.statusCode, headers });
  });

  return {
    t,
    sent,
    hangNext() {
      hang = true;
    },
    insertApplication: (overrides = {}) => createApplication(t.db, { ...ENQUIRY_APPLICANT, ...overrides }),
    async exhaustRateLimit() {
      const { limit } = LIMITS.statusCheck.perAddress;
      await t.db
        .insertInto('rate_limits')
        .values({ key: addressKey, window_start: Date.now(), count: limit })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: Date.now(), count: limit }))
        .execute();
    },
    resetRateLimit: () => limiter.reset(addressKey),
    async close() {
      vi.unstubAllGlobals();
      await t.close();
    },
  };
}
