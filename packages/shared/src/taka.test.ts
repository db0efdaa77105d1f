import { describe, expect, it } from 'vitest';
import { minorText, showTaka } from './taka.js';

describe('taka as staff read it', () => {
  it('writes an amount as Intl does, from a paisa to the largest amount held exactly', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'BDT', currencyDisplay: 'narrowSymbol' });
    const amounts = [0, 1, 99, 100, 99_999, 100_000, 9_999_999, 10_000_000, 123_456_789_012_345, Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 16; digits++) amounts.push(Number('7'.repeat(digits)), 10 ** (digits - 1));
    // A Set keeps one zero: -0 is 0 there.
    for (const minor of new Set(amounts.flatMap((a) => [a, -a])))
      expect(showTaka(minor), String(minor)).toBe(intl.format(minorText(minor) as `${number}`));
    expect(showTaka(-12_345_675)).toBe('-৳1,23,456.75');
  });
});
