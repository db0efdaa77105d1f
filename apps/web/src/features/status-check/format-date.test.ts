import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  it('shows calendar dates as DD-MM-YYYY, in Bengali digits on Bengali pages', () => {
    expect(formatDate('2026-03-09', 'en')).toBe('09-03-2026');
    expect(formatDate('2026-03-09', 'bn')).toBe('০৯-০৩-২০২৬');
  });

  it('leaves anything that is not a calendar date as it is', () => {
    expect(formatDate('2026-02-30', 'en')).toBe('2026-02-30');
    expect(formatDate('soon', 'bn')).toBe('soon');
  });
});
