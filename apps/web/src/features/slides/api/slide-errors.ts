import type { AxiosError } from 'axios';
import { SLIDER } from '@visa/shared/messages';

type MaybeAxiosError = Partial<Pick<AxiosError<unknown>, 'response' | 'message'>>;

const bodyMessage = (data: unknown): string | undefined => {
  if (typeof data === 'string' && data.trim() !== '') return data;
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message;
  }
  return undefined;
};

/**
 * What a failed fetch, update or delete of a slide shows (docs/product.md#messages): 'Resource
 * not found' on a 404, the server's message when it sent one, and 'An unexpected error occurred'
 * when there is no response body to tell more.
 */
export function slideErrorMessage(error: unknown): string {
  const { response } = (error ?? {}) as MaybeAxiosError;
  if (response?.status === 404) return SLIDER.notFound;
  return bodyMessage(response?.data) ?? SLIDER.unexpected;
}

/**
 * What a failed add shows (docs/product.md#messages): the server's response body, or the error's
 * own message when no response came back (a timeout after 5000 ms, the network down).
 */
export function addSlideErrorMessage(error: unknown): string {
  const { response, message } = (error ?? {}) as MaybeAxiosError;
  if (response) return bodyMessage(response.data) ?? SLIDER.unexpected;
  return message && message.trim() !== '' ? message : SLIDER.unexpected;
}
