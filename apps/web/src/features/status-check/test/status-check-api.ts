import { beforeEach, vi } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import type { NewApplicationRow } from '../../../../../api/src/db/schema-applications';
import { createRateLimiter } from '../../../../../api/src/modules/kernel/rate-limits/limiter';
import { STATUS_CHECK_URL } from '../api/get-status-check';

export interface StatusCheckApi {
  t: TestApp;
  /** Every enquiry the page sent, oldest first: its path, with the fields of its body as a query to read them by. */
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
const XSRF = 'status-check-page-xsrf';

// The anti-forgery cookie the page came with (the server sets it on every answer, ADR 0005), which
// the page echoes in its header; test/setup.ts clears cookies after each test, so it is set again
// before each one of the files that use this API.
beforeEach(() => {
  document.cookie = `XSRF-TOKEN=${XSRF}; path=/`;
});

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
    if (url !== STATUS_CHECK_URL || init?.method !== 'POST') throw new TypeError(`Unexpected request from a public page: ${url}`);
    const fields = JSON.parse(String(init.body)) as Record<string, string | number>;
    sent.push(`${url}?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]))}`);
    const aborted = new Promise<never>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
    });
    if (hang) {
      hang = false;
      return aborted;
    }
    const headers = { ...(init.headers as Record<string, string>), cookie: `XSRF-TOKEN=${XSRF}` };
    const res = await Promise.race([
      t.app.inject({ method: 'POST', url, headers, payload: String(init.body), remoteAddress: CLIENT_ADDRESS }),
      aborted,
    ]);
    const answered = Object.entries(res.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]));
    return new Response(res.body, { status: res.statusCode, headers: answered });
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
