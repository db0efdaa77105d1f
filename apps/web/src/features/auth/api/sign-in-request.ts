import { browserTransport, isHttpError, send } from '../../../lib/http';

/**
 * The sign-in pages' calls: they are served with the islands script (ADR 0050), which has no room
 * for the staff app's api client (its renewal, activity and session-end handling) but takes its
 * transport (lib/http.ts): same origin with cookies, JSON, the X-XSRF-TOKEN header echoed from the
 * XSRF-TOKEN cookie (the double submit, ADR 0005), and a time limit. None of these calls is signed
 * in, so there is no access token to add and no refresh to try.
 */

/** POSTs `body` as JSON and returns the parsed answer of a 2xx; throws an HttpError otherwise. */
export async function postJson(url: string, body: unknown, timeoutMs: number): Promise<unknown> {
  return (await send(browserTransport, { method: 'POST', url, data: body, timeout: timeoutMs })).data;
}

/** The server's {"message"} of a refusal, when it gave one. */
export const refusalText = (error: unknown): string | undefined => {
  const data = isHttpError<{ message?: unknown } | null>(error) ? error.response?.data : undefined;
  return typeof data?.message === 'string' ? data.message : undefined;
};

/** The status of a refusal; undefined for no answer or any other error. */
export const statusOf = (error: unknown): number | undefined => (isHttpError(error) ? error.response?.status : undefined);

/** No answer came (offline, refused connection, out of time). */
export const noAnswer = (error: unknown): boolean => isHttpError(error) && !error.response;
