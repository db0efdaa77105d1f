import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { APPLICATION_FIELDS, type ApplicationInput } from '@visa/shared/applications';
import { VALIDATION } from '@visa/shared/ui-texts';
import { isHttpError } from '../../../lib/api-client';

/** A control of the application form a message can belong to: one of the fields, or the photo. */
export type FormTarget = keyof ApplicationInput | 'image';

/** A message to show, and the control it is about when it is about one. */
export interface FormProblem {
  message: string;
  field?: FormTarget;
}

const TARGETS: readonly string[] = [...APPLICATION_FIELDS, 'image'];
const isTarget = (value: unknown): value is FormTarget => typeof value === 'string' && TARGETS.includes(value);

/**
 * Messages that are about one control whatever the server says in `errors` (an older server, or a
 * refusal worded before its paths were added): the duplicates and the photo's rules.
 */
const TARGET_OF_MESSAGE: Record<string, FormTarget> = {
  [VALIDATION.emailTaken]: 'email',
  [VALIDATION.passportTaken]: 'passport',
  [VALIDATION.imageTooLargeAdd]: 'image',
  [VALIDATION.imageTooLargeEdit]: 'image',
  [VALIDATION.imageTypeEdit]: 'image',
  [APPLICATION_TEXTS.imageRequired]: 'image',
  [APPLICATION_TEXTS.imageUnreadable]: 'image',
  [APPLICATION_TEXTS.imageTooManyPixels]: 'image',
};

export const targetOfMessage = (message: string): FormTarget | undefined => TARGET_OF_MESSAGE[message];

/**
 * The control a server's refusal names: the path of its first listed problem when that is a form
 * control, else the control its message is about. A refusal about nothing in particular has none.
 */
function targetOfRefusal(error: unknown, message: string): FormTarget | undefined {
  if (isHttpError<{ errors?: { path?: unknown; message?: unknown }[] }>(error)) {
    const first = error.response?.data?.errors?.[0];
    if (first && first.message === message && isTarget(first.path)) return first.path;
  }
  return targetOfMessage(message);
}

/** A failed save as the form shows it: the product's message, under the control it names. */
export const problemOf = (error: unknown, message: string): FormProblem => ({ message, field: targetOfRefusal(error, message) });
