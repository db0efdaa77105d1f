import { TIMEOUTS } from '@visa/shared/constants';
import type { EnquiryApplication, EnquiryResponse } from '@visa/shared/enquiry';

export interface EnquiryInput {
  passport: string;
  nationality: string;
  /** YYYY-MM-DD, as a date input gives it. */
  dob: string;
}

export const ENQUIRY_URL = '/api/application/fetchApplicationEnquiry';

/** The search fires only when all three inputs are filled in. */
export const isComplete = (input: EnquiryInput) => Boolean(input.passport.trim() && input.nationality.trim() && input.dob.trim());

/** Why a lookup failed, so the page can word it in the visitor's language. */
export type EnquiryFailure = { kind: 'server'; status: number; message: string } | { kind: 'timeout' } | { kind: 'network' };

export class EnquiryError extends Error {
  constructor(readonly failure: EnquiryFailure) {
    super(failure.kind === 'server' ? failure.message : failure.kind);
  }
}

/**
 * GET fetchApplicationEnquiry (docs/product.md#api-status-check): limit 10, search = passport,
 * search1 = nationality, search2 = date of birth, 10 s timeout. The public pages' one call, made
 * with fetch rather than the staff area's axios client, which would add its whole weight to the page
 * for one GET (ADR 0010). Rejects with an AbortError when `signal` aborts, with an EnquiryError otherwise.
 */
export async function getEnquiry(input: EnquiryInput, signal?: AbortSignal): Promise<EnquiryApplication[]> {
  const params = new URLSearchParams({
    limit: '10',
    search: input.passport.trim(),
    search1: input.nationality.trim(),
    search2: input.dob,
  });
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUTS.enquiry);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  try {
    let res: Response;
    try {
      res = await fetch(`${ENQUIRY_URL}?${params}`, { headers: { accept: 'application/json' }, signal: controller.signal });
    } catch (error) {
      if (timedOut) throw new EnquiryError({ kind: 'timeout' });
      if (signal?.aborted) throw error;
      throw new EnquiryError({ kind: 'network' });
    }
    const body = (await res.json().catch(() => null)) as (Partial<EnquiryResponse> & { message?: unknown }) | null;
    if (!res.ok) {
      const message = typeof body?.message === 'string' ? body.message : `${res.status} ${res.statusText}`.trim();
      throw new EnquiryError({ kind: 'server', status: res.status, message });
    }
    if (!Array.isArray(body?.applications)) throw new EnquiryError({ kind: 'network' });
    return body.applications;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
