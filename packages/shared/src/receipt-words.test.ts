import { describe, expect, it } from 'vitest';
import { receiptTaka } from './receipt-words.js';
import { showTaka } from './taka.js';

describe('taka as a receipt prints it', () => {
  it('in English as staff read it, in Bangla the same amount in Bengali digits', () => {
    expect(receiptTaka(123_456_789, 'en')).toBe('৳12,34,567.89');
    expect(receiptTaka(123_456_789, 'bn')).toBe('৳১২,৩৪,৫৬৭.৮৯');
    expect(receiptTaka(5, 'bn')).toBe('৳০.০৫');
  });

  it('keeps every paisa of the largest amount held exactly', () => {
    const bengaliDigits = (text: string) => text.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
    for (const minor of [0, 1, 10, 99, 100_005, 1_000_000_000_000_005, Number.MAX_SAFE_INTEGER]) {
      expect(receiptTaka(minor, 'en'), String(minor)).toBe(showTaka(minor));
      expect(receiptTaka(minor, 'bn'), String(minor)).toBe(bengaliDigits(showTaka(minor)));
    }
  });
});
