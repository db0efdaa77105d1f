import { SLIDE } from '@visa/shared/ui-texts';
import { serverMessage, type HttpError } from '../../../lib/api-client';

type MaybeHttpError = Partial<Pick<HttpError<unknown>, 'response' | 'message'>>;

/** What the server said: its whole body when that is text, otherwise its {"message"}. */
const said = (error: unknown): string | undefined => {
  const data = (error as MaybeHttpError | null)?.response?.data;
  return typeof data === 'string' && data.trim() !== '' ? data : serverMessage(error);
};

/**
 * What a failed fetch, update or delete of a slide shows (docs/product.md#messages): 'Resource
 * not found' on a 404, the server's message when it sent one, and 'An unexpected error occurred'
 * when there is no response body to tell more.
 */
export function slideErrorMessage(error: unknown): string {
  const { response } = (error ?? {}) as MaybeHttpError;
  if (response?.status === 404) return SLIDE.notFound;
  return said(error) ?? SLIDE.unexpected;
}

/**
 * What a failed add shows (docs/product.md#messages): the server's response body, or the error's
 * own message when no response came back (a timeout after 5000 ms, the network down).
 */
export function addSlideErrorMessage(error: unknown): string {
  const { response, message } = (error ?? {}) as MaybeHttpError;
  if (response) return said(error) ?? SLIDE.unexpected;
  return message && message.trim() !== '' ? message : SLIDE.unexpected;
}
