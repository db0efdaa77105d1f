import { describe, expect, it } from 'vitest';
import { IdSchema } from './id-schema.js';
import { isValidId } from './ids.js';

describe('id format', () => {
  it('accepts 24 lowercase hex characters only', () => {
    expect(isValidId('0123456789abcdef01234567')).toBe(true);
    expect(isValidId('0123456789ABCDEF01234567')).toBe(false);
    expect(isValidId('0123456789abcdef0123456')).toBe(false);
    expect(isValidId('0123456789abcdef012345678')).toBe(false);
    expect(isValidId(123)).toBe(false);
  });

  it("says 'Invalid ID format' for anything else", () => {
    expect(IdSchema.safeParse('nope').error?.issues[0]?.message).toBe('Invalid ID format');
  });
});
