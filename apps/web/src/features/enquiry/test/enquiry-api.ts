import { randomBytes } from 'node:crypto';
import { vi } from 'vitest';
import { type TestApp, createTestApp } from '../../../../../api/test/support/test-app';
import type { NewApplicationRow } from '../../../../../api/src/db/schema';
import { ENQUIRY_URL } from '../api/get-enquiry';

// jsdom installs its own typed-array constructors as globals, so a Node Buffer is not an
// `instanceof Uint8Array` there and the API's token signing (jose) refuses its keys. The API
// runs in this same process, so Node's own constructor is put back for the test file.
globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;

export interface EnquiryApi {
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
export async function startEnquiryApi(): Promise<EnquiryApi> {
  const t = await createTestApp();
  const sent: string[] = [];
  let hang = false;
  let seq = 0;

  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    if (!url.startsWith(ENQUIRY_URL)) throw new TypeError(`Unexpected request from a public page: ${url}`);
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
    async insertApplication(overrides = {}) {
      seq += 1;
      const now = new Date().toISOString();
      const row: NewApplicationRow = {
        id: randomBytes(12).toString('hex'),
        surname: 'Rahman',
        given_name: 'Ayesha',
        surname_key: 'rahman',
        given_name_key: 'ayesha',
        email: `web-applicant${seq}-${randomBytes(3).toString('hex')}@example.com`,
        phone: '8801711000000',
        national_id: `NID-${seq}`,
        sex: 'Female',
        dob: '1994-03-12',
        birth_city: 'Sylhet',
        current_nationality: 'Bangladeshi',
        current_nationality_key: 'bangladeshi',
        identification: 'None',
        company: 'Maple Foods Ltd',
        duty_duration: '2 years',
        job_title: 'Cook',
        salary: 'CAD 2,900 per month',
        passport: `WB${randomBytes(3).toString('hex').toUpperCase()}${seq}`,
        issued_country: 'Bangladesh',
        image_key: null,
        thumb_key: null,
        status: 'pending',
        pending_date: '2026-12-01',
        approve_date: null,
        is_admin: 0,
        created_by: null,
        created_at: now,
        updated_at: now,
        ...overrides,
      };
      await t.db.insertInto('applications').values(row).execute();
      return row;
    },
    async exhaustRateLimit() {
      const { ENQUIRY_LIMIT_PER_ADDRESS } = await import('../../../../../api/src/modules/enquiry/service');
      await t.db
        .insertInto('rate_limits')
        .values({ key: `enquiry:ip:${CLIENT_ADDRESS}`, window_start: Date.now(), count: ENQUIRY_LIMIT_PER_ADDRESS })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: Date.now(), count: ENQUIRY_LIMIT_PER_ADDRESS }))
        .execute();
    },
    resetRateLimit: () => t.app.rateLimiter.reset(`enquiry:ip:${CLIENT_ADDRESS}`),
    async close() {
      vi.unstubAllGlobals();
      await t.close();
    },
  };
}
