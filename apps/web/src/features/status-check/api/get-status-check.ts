import { apiUrl } from '@visa/shared/api-paths';
import { TIMEOUTS } from '@visa/shared/constants';
import type { EnquiryApplication, EnquiryResponse } from '@visa/shared/enquiry';

export interface StatusCheckInput {
  passport: string;
  nationality: string;
  /** YYYY-MM-DD, as a date input gives it. */
  dob: string;
}

export const STATUS_CHECK_URL = apiUrl('checkStatusByPost');

/** The search fires only when all three inputs are filled in. */
export const isComplete = (input: StatusCheckInput) => Boolean(input.passport.trim() && input.nationality.trim() && input.dob.trim());

/** Why a lookup failed, so the page can word it in the visitor's language. */
export type StatusCheckFailure = { kind: 'server'; status: number; message: string } | { kind: 'timeout' } | { kind: 'network' };

export class StatusCheckError extends Error {
  constructor(readonly failure: StatusCheckFailure) {
    super(failure.kind === 'server' ? failure.message : failure.kind);
  }
}

/**
 * POST fetchApplicationEnquiry (docs/product.md#api-status-check): limit 10, search = passport,
 * search1 = nationality, search2 = date of birth, in the body so they are in no address (ADR 0037),
 * 10 s timeout. The public pages' one call, made
 * with fetch rather than the staff area's api client, which would add its whole weight to the page
 * for one call (ADR 0010). Rejects with an AbortError when `signal` aborts, with an StatusCheckError otherwise.
 */
export async function getStatusCheck(input: StatusCheckInput, signal?: AbortSignal): Promise<EnquiryApplication[]> {
  const payload = JSON.stringify({ limit: 10, search: input.passport.trim(), search1: input.nationality.trim(), search2: input.dob });
  // The anti-forgery pair (ADR 0005): the cookie the page came with, echoed in the header.
  const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUTS.statusCheck);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  try {
    let res: Response;
    try {
      res = await fetch(STATUS_CHECK_URL, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: payload,
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw new StatusCheckError({ kind: 'timeout' });
      if (signal?.aborted) throw error;
      throw new StatusCheckError({ kind: 'network' });
    }
    const body = (await res.json().catch(() => null)) as (Partial<EnquiryResponse> & { message?: unknown }) | null;
    if (!res.ok) {
      const message = typeof body?.message === 'string' ? body.message : `${res.status} ${res.statusText}`.trim();
      throw new StatusCheckError({ kind: 'server', status: res.status, message });
    }
    if (!Array.isArray(body?.applications)) throw new StatusCheckError({ kind: 'network' });
    return body.applications;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
