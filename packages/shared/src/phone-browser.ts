/**
 * The phone rules of phone.ts for the staff app in the browser (ADR 0056), without libphonenumber's
 * metadata, which would weigh more than the form itself. The build puts this module in place of
 * phone.ts for the browser (apps/web/vite.shared.ts); the server keeps the strict check and stays
 * the authority: a number this lets through that libphonenumber refuses comes back from the server
 * with the same message (VALIDATION.phone) under the same field. It never refuses a number the
 * strict check accepts, and gives the same E.164 for every Bangladeshi number.
 */
export const DEFAULT_PHONE_COUNTRY = 'BD';

/** Digits with spaces, dashes, dots or brackets between them, and one leading + — nothing else. */
const AS_TYPED = /^\+?[\d ().-]{6,30}$/;
const BD_CODE = '880';
/** A Bangladeshi mobile number after the country code: 1, an operator digit, eight more. */
const BD_MOBILE = /^1\d{9}$/;

/** The digits after the + of an E.164 number: at most 15 (ITU-T E.164), the shortest plans have 8. */
const plausible = (digits: string) => digits.length >= 8 && digits.length <= 15;

/** A Bangladeshi number without its country code: a mobile one has exactly ten digits. */
const bangladeshi = (national: string) => {
  const rest = national.replace(/^0/, '');
  if (rest.startsWith('1') && !BD_MOBILE.test(rest)) return null;
  return rest.length >= 7 ? `+${BD_CODE}${rest}` : null;
};

/** The number in E.164 (`+8801712345678`), or null when it cannot be a phone number. */
export function toE164(typed: string): string | null {
  const value = typed.trim();
  if (!AS_TYPED.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  let e164: string | null;
  if (value.startsWith('+') || digits.startsWith('00')) {
    const international = digits.replace(/^00/, '');
    // No country code starts with 0.
    if (international.startsWith('0')) return null;
    e164 = international.startsWith(BD_CODE) ? bangladeshi(international.slice(BD_CODE.length)) : `+${international}`;
  } else if (digits.startsWith(BD_CODE)) {
    // Typed with the country code but no +, as numbers are often copied.
    e164 = bangladeshi(digits.slice(BD_CODE.length));
  } else {
    e164 = bangladeshi(digits);
  }
  return e164 && plausible(e164.slice(1)) ? e164 : null;
}

/** A stored number as people read it: a Bangladeshi mobile grouped like phone.ts does, any other as stored. */
export function formatPhone(stored: string): string {
  if (typeof stored !== 'string') return stored;
  const national = stored.startsWith(`+${BD_CODE}`) ? stored.slice(BD_CODE.length + 1) : '';
  return BD_MOBILE.test(national) ? `+${BD_CODE} ${national.slice(0, 4)} ${national.slice(4)}` : stored;
}
