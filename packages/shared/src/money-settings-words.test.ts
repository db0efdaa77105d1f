import { describe, expect, it } from 'vitest';
import { FinancialRetentionSchema } from './money-reports.js';
import { ReceiptSettingsSchema } from './money-receipts.js';
import { FINANCIAL_RETENTION_WORDS, parseVatRate, vatRateInput } from './money-settings-words.js';

describe('the VAT rate as a clerk types it', () => {
  it('reads a percentage into basis points exactly, Bengali digits and a % sign too', () => {
    expect(parseVatRate('15')).toBe(1500);
    expect(parseVatRate('7.5')).toBe(750);
    expect(parseVatRate(' 15 % ')).toBe(1500);
    expect(parseVatRate('১৫')).toBe(1500);
    // 0.29 * 100 is 28.999… in floats; the parts are read as integers.
    expect(parseVatRate('0.29')).toBe(29);
    expect(parseVatRate('4.35')).toBe(435);
    expect(parseVatRate('0')).toBe(0);
  });

  it('refuses what is not a rate: a comma, more than two decimals, words, a minus', () => {
    for (const typed of ['7,5', '1,500', '7.125', 'fifteen', '-5', '', '%', '৳15']) expect(parseVatRate(typed)).toBeNull();
  });

  it('shows basis points back as typed, and the API takes what it reads up to 100%', () => {
    expect([0, 29, 750, 1500, 1525, 10_000].map(vatRateInput)).toEqual(['0', '0.29', '7.5', '15', '15.25', '100']);
    for (const bp of [0, 29, 750, 1500, 10_000]) expect(parseVatRate(vatRateInput(bp))).toBe(bp);
    expect(ReceiptSettingsSchema.safeParse({ bin: '', vatRateBasisPoints: parseVatRate('100') }).success).toBe(true);
    expect(ReceiptSettingsSchema.safeParse({ bin: '', vatRateBasisPoints: parseVatRate('100.01') }).success).toBe(false);
  });

  it('says a wrong number of years in the API’s words', () => {
    const refused = FinancialRetentionSchema.safeParse({ years: 0 });
    expect(refused.success ? null : refused.error.issues[0]!.message).toBe(FINANCIAL_RETENTION_WORDS.yearsInvalid);
  });
});
