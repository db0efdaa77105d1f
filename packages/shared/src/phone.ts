import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone numbers as people type them (docs/product.md#application-form, ADR 0021): `01712-345678`,
 * `+880 1712 345678` and `8801712345678` are one number. Bangladesh is the default country, so a
 * national number needs no prefix; numbers abroad start with + (or 00). Stored in E.164.
 */
export const DEFAULT_PHONE_COUNTRY = 'BD';

/** Digits with spaces, dashes, dots or brackets between them, and one leading + — nothing else. */
const AS_TYPED = /^\+?[\d ().-]{6,30}$/;

/** The number in E.164 (`+8801712345678`), or null when it is not a valid phone number. */
export function toE164(typed: string): string | null {
  const value = typed.trim();
  if (!AS_TYPED.test(value)) return null;
  const parsed = parsePhoneNumberFromString(value, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** A stored number as people read it (`+880 1712 345678`); anything unparseable is shown as stored. */
export function formatPhone(stored: string): string {
  // A copy built from partial data (a preview, an older record) may have no phone at all.
  const parsed = typeof stored === 'string' && stored ? parsePhoneNumberFromString(stored, DEFAULT_PHONE_COUNTRY) : undefined;
  return parsed?.isValid() ? parsed.formatInternational() : stored;
}
