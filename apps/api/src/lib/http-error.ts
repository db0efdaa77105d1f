import { SERVER } from '@visa/shared/ui-texts';
import type { SessionEndReason } from '@visa/shared/session-rules';

/** An error whose status and message are safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** On a 401 for a session that has ended: why, for the client to tell the person (ADR 0018). */
    readonly reason?: SessionEndReason,
  ) {
    super(message);
  }
}

/** The 401 for a token whose session has ended: today's message, and why in `reason`. */
export const sessionEnded = (reason: SessionEndReason) => new HttpError(401, SERVER.unauthorized, undefined, undefined, reason);

export const badRequest = (message: string, errors?: { path: string; message: string }[]) => new HttpError(400, message, errors);
export const notFound = (message: string = SERVER.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/**
 * A 400 for input a zod schema refused. Schemas list their fields in the order the form checks
 * them, so the first issue is the one message a form shows; every issue goes along in `errors`.
 */
export function invalidInput(error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] }): HttpError {
  const errors = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return badRequest(errors[0]!.message, errors);
}
