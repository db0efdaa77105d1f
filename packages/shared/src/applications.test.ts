import { describe, expect, it } from 'vitest';
import { APPLICANT_FORM } from '@visa/test-support/forms';
import { ApplicationInputSchema, normalizePassport } from './applications.js';

const valid = { ...APPLICANT_FORM, passport: 'ab 1234567' };

const firstMessage = (input: Record<string, unknown>) => ApplicationInputSchema.safeParse(input).error?.issues[0]?.message;

describe('application input', () => {
  it('accepts a complete application and normalises the passport', () => {
    const parsed = ApplicationInputSchema.parse(valid);
    expect(parsed.passport).toBe('AB1234567');
    expect(normalizePassport(' ab 12 ')).toBe('AB12');
  });

  it('reports the first failing rule in the order of docs/product.md#application-form', () => {
    expect(firstMessage({ ...valid, surname: 'Al', givenN: 'K', email: 'bad' })).toBe('Surname must be between 3 and 31 characters long.');
    expect(firstMessage({ ...valid, givenN: 'K', email: 'bad' })).toBe('Given name must be between 3 and 31 characters long.');
    expect(firstMessage({ ...valid, email: 'bad', phone: 'x' })).toBe('Please enter a valid email address.');
    expect(firstMessage({ ...valid, phone: '01712-abc' })).toBe('Please enter a valid phone number.');
    expect(firstMessage({ ...valid, nationalId: ' ', sex: '' })).toBe('Please enter a valid national ID.');
    expect(firstMessage({ ...valid, jobTitle: 'Astronaut' })).toBe('Please enter a valid job title.');
    expect(firstMessage({ ...valid, issuedCountry: '' })).toBe('Please enter a valid issued country.');
  });

  it('counts name length after trimming: 3 and 31 pass, 2 and 32 fail', () => {
    expect(firstMessage({ ...valid, surname: '  Ali  ' })).toBeUndefined();
    expect(firstMessage({ ...valid, surname: 'x'.repeat(31) })).toBeUndefined();
    expect(firstMessage({ ...valid, surname: 'Al' })).toBe('Surname must be between 3 and 31 characters long.');
    expect(firstMessage({ ...valid, surname: 'x'.repeat(32) })).toBe('Surname must be between 3 and 31 characters long.');
  });

  it('refuses impossible and future dates of birth', () => {
    expect(firstMessage({ ...valid, dob: '1990-02-30' })).toBe('Please enter a valid date of birth.');
    expect(firstMessage({ ...valid, dob: '2999-01-01' })).toBe('Please enter a valid date of birth.');
    expect(firstMessage({ ...valid, dob: 'yesterday' })).toBe('Please enter a valid date of birth.');
  });

  it('refuses an email with spaces inside', () => {
    expect(firstMessage({ ...valid, email: 'kar im@example.com' })).toBe('Please enter a valid email address.');
  });
});
