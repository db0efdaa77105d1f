import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { Role } from '@visa/shared/constants';
import { VALIDATION } from '@visa/shared/ui-texts';

/** Role options, the usual choice (a sub-admin) first. */
export const ROLE_CHOICES: readonly Role[] = ['admin', 'superadmin'];

/**
 * The one message a form shows (docs/product.md#rules-and-limits): 'All fields are required' while
 * any field is empty, otherwise the first failing field in the order given.
 */
export function firstMessage<T extends FieldValues>(errors: FieldErrors<T>, order: readonly (keyof T & string)[]): string | undefined {
  const messages = order.map((field) => errors[field]?.message).filter((m): m is string => typeof m === 'string');
  return messages.find((m) => m === VALIDATION.allFieldsRequired) ?? messages[0];
}
