import { describe, expect, it } from 'vitest';
import { APPLICATION_TEXTS } from './application-texts.js';
import { ApplicationSearchSchema } from './application-search.js';
import { SEARCH_MAX, readSearch } from './application-search-rule.js';

/** What the API's schema makes of a value: the search it reads, or null with its message. */
const api = (value: unknown) => {
  const parsed = ApplicationSearchSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  expect(parsed.error.issues[0]?.message).toBe(APPLICATION_TEXTS.invalidSearch);
  return null;
};

describe('the application search the list checks without zod', () => {
  const values: unknown[] = [
    '',
    '   ',
    'A1234567',
    '  a12 ',
    "O'Brien-Smith Jr.",
    'রহিম উদ্দিন',
    'José Müller',
    '১২৩৪',
    'x'.repeat(SEARCH_MAX),
    ` ${'x'.repeat(SEARCH_MAX)} `,
    'x'.repeat(SEARCH_MAX + 1),
    'a*',
    '100%',
    'a_b',
    '(a)',
    '[a]',
    'a\\b',
    'a\nb',
    'a\tb',
    '<script>',
    'a;b',
    'a,b',
    '\u200b',
    undefined,
    null,
    12345,
    ['a'],
    { search: 'a' },
  ];

  it.each(values.map((value) => [JSON.stringify(value) ?? String(value), value]))('reads %s as the API does', (_name, value) => {
    expect(readSearch(value)).toBe(api(value));
  });

  it('answers the trimmed search, or null for what the API refuses', () => {
    expect(readSearch('  A12 ')).toBe('A12');
    expect(readSearch('a*')).toBeNull();
    expect(readSearch('x'.repeat(SEARCH_MAX + 1))).toBeNull();
    expect(readSearch(undefined)).toBeNull();
  });
});
