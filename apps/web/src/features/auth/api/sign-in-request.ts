/**
 * The sign-in pages' one HTTP call, on `fetch`: they are served with the islands script (ADR 0050),
 * which has no room for the staff app's axios client (lib/api-client.ts). It sends what those calls
 * need of that client and nothing more: same origin with cookies, JSON, the X-XSRF-TOKEN header
 * echoed from the XSRF-TOKEN cookie (the double submit, ADR 0005), and a time limit. None of these
 * calls is signed in, so there is no access token to add and no refresh to try.
 */

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The answer to a refused call, shaped like axios's `error.response`, so code reading either works. */
export interface RefusedResponse {
  status: number;
  data: unknown;
  headers: { 'retry-after'?: string };
}

/** A call that failed: refused (`response`), or no answer at all (network, or out of time). */
export class RequestFailed extends Error {
  constructor(readonly response?: RefusedResponse) {
    super(response ? `Refused with status ${response.status}` : 'No response');
  }
}

const cookie = (name: string): string | undefined => {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (found === undefined) return undefined;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    return found.slice(prefix.length);
  }
};

const bodyOf = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** POSTs `body` as JSON and returns the parsed answer of a 2xx; throws RequestFailed otherwise. */
export async function postJson(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json, text/plain, */*' };
  const xsrf = cookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  const controller = new AbortController();
  // The limit covers the whole answer, body included, as axios's timeout did.
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const data = await bodyOf(response);
    if (response.ok) return data;
    const retryAfter = response.headers.get('retry-after');
    throw new RequestFailed({ status: response.status, data, headers: retryAfter === null ? {} : { 'retry-after': retryAfter } });
  } catch (error) {
    if (error instanceof RequestFailed) throw error;
    throw new RequestFailed();
  } finally {
    clearTimeout(timer);
  }
}

/** The server's {"message"} of a refusal, when it gave one. */
export const refusalText = (error: unknown): string | undefined => {
  const data = error instanceof RequestFailed ? (error.response?.data as { message?: unknown } | undefined) : undefined;
  return typeof data?.message === 'string' ? data.message : undefined;
};

/** The status of a refusal; undefined for no answer or any other error. */
export const statusOf = (error: unknown): number | undefined => (error instanceof RequestFailed ? error.response?.status : undefined);

/** No answer came (offline, refused connection, out of time). */
export const noAnswer = (error: unknown): boolean => error instanceof RequestFailed && !error.response;
