import { describe, expect, it } from 'vitest';
import { ApplicationInputSchema } from './applications.js';
import { VALIDATION } from './ui-texts.js';
import { formatPhone, toE164 } from './phone.js';
import { APPLICANT_FORM } from '@visa/test-support/forms';

describe('phone numbers as people type them', () => {
  it.each([
    '01712-345678',
    '+880 1712 345678',
    '8801712345678',
    '+8801712345678',
    '01712345678',
    '(017) 1234-5678',
    '00880 1712 345678',
    ' 01712 345 678 ',
  ])('%s is +8801712345678', (typed) => {
    expect(toE164(typed)).toBe('+8801712345678');
  });

  it('keeps numbers abroad, given with their country code', () => {
    expect(toE164('+1 416 555 0199')).toBe('+14165550199');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
    expect(toE164('02-9661234')).toBe('+88029661234');
  });

  it.each([
    '',
    '12345',
    '0171234567',
    '01712-abc',
    'call me',
    '+',
    '++8801712345678',
    '01712345678 ext 2',
    '0171234567891234567890',
    '01712\n345678',
    '01712\t345678',
  ])('refuses %j', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('the form stores E.164 and answers the one message for what is not a phone number', () => {
    expect(ApplicationInputSchema.parse({ ...APPLICANT_FORM, phone: '01712-345678' }).phone).toBe('+8801712345678');
    const refused = ApplicationInputSchema.safeParse({ ...APPLICANT_FORM, phone: '01712-abc' });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([VALIDATION.phone]);
  });

  it('shows a stored number grouped as people read it, and anything else as it is', () => {
    expect(formatPhone('+8801712345678')).toBe('+880 1712 345678');
    expect(formatPhone('+14165550199')).toBe('+1 416 555 0199');
    expect(formatPhone('12-34')).toBe('12-34');
  });
});
