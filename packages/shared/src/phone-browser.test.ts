import { describe, expect, it } from 'vitest';
import * as loose from './phone-browser.js';
import * as strict from './phone.js';

/** Numbers as people type them, good and bad, Bangladeshi and foreign. */
const TYPED = [
  '01712-345678',
  '+880 1712 345678',
  '8801712345678',
  '880 1712 345678',
  '+8801712345678',
  '01712345678',
  '1712345678',
  '(017) 1234-5678',
  '00880 1712 345678',
  ' 01712 345 678 ',
  '02-9661234',
  '8802 9661234',
  '031-712345',
  '+1 416 555 0199',
  '+44 20 7946 0958',
  '0044 7911 123456',
  '',
  '12345',
  '0171234567',
  '+880171234567',
  '+8800171234567',
  '0088017123456789',
  '88017123456789',
  '01712-abc',
  'call me',
  '+',
  '+0123456789',
  '++8801712345678',
  '01712345678 ext 2',
  '0171234567891234567890',
  '01712\n345678',
  '01712\t345678',
];

describe("the browser's phone check", () => {
  it.each(TYPED)('%j: the same E.164 as the strict check, or null where it refuses', (typed) => {
    expect(loose.toE164(typed)).toBe(strict.toE164(typed));
  });

  it('lets through what only the metadata refuses: the server answers those', () => {
    // Foreign numbers are only checked for their length here.
    expect(strict.toE164('+1 999 555 0199')).toBeNull();
    expect(loose.toE164('+1 999 555 0199')).toBe('+19995550199');
  });

  it('groups a Bangladeshi mobile number as the strict check does, and shows any other as stored', () => {
    expect(loose.formatPhone('+8801712345678')).toBe(strict.formatPhone('+8801712345678'));
    expect(loose.formatPhone('+14165550199')).toBe('+14165550199');
    expect(loose.formatPhone('+88029661234')).toBe('+88029661234');
    expect(loose.formatPhone('12-34')).toBe('12-34');
  });
});
