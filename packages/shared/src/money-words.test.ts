import { describe, expect, it } from 'vitest';
import { GATEWAY_METHODS, PAYMENT_METHODS, STAFF_METHODS, WALLET_TRANSACTION_ID, convertMinor } from './money.js';
import {
  METHOD_WORDS,
  OFFICE_METHODS,
  WALLET_HINTS,
  formatMinor,
  isGatewayPayment,
  methodWords,
  minorText,
  parseMinor,
  parseRateMicros,
  rateText,
  takaOf,
} from './money-words.js';

describe('what the staff pages repeat of the ledger’s rules', () => {
  it('holds to money.ts: the methods, the wallets’ hints, the gateways and the dollar conversion', () => {
    expect(OFFICE_METHODS).toEqual(STAFF_METHODS);
    expect(Object.keys(METHOD_WORDS).sort()).toEqual([...PAYMENT_METHODS].sort());
    // The Reports page names each method as the Money panel does; one it does not know, as sent.
    expect(methodWords('sslcommerz')).toBe(METHOD_WORDS.sslcommerz);
    expect(methodWords('toString')).toBe('toString');
    expect(WALLET_HINTS).toEqual(Object.fromEntries(Object.entries(WALLET_TRANSACTION_ID).map(([m, w]) => [m, w.message])));
    expect(PAYMENT_METHODS.filter(isGatewayPayment)).toEqual(GATEWAY_METHODS);
    for (const [cents, rate] of [
      [15_500, 88_250_000],
      [1, 500_000],
      [8_599, 87_123_457],
    ] as const)
      expect(takaOf(cents, rate)).toBe(convertMinor(cents, rate));
  });
});

describe('amounts as staff type them', () => {
  it('reads taka and paisa into paisa exactly, with any grouping and Bengali digits', () => {
    expect(parseMinor('1,250.50')).toBe(125_050);
    expect(parseMinor(' 1,25,050.5 ')).toBe(12_505_050);
    expect(parseMinor('৳ 500')).toBe(50_000);
    expect(parseMinor('১২৫০.৫০')).toBe(125_050);
    // Floats would make 0.29 * 100 = 28.999…; the two parts are read as integers.
    expect(parseMinor('0.29')).toBe(29);
    expect(parseMinor('.07')).toBe(7);
    expect(parseMinor('1234567890123.45')).toBe(123_456_789_012_345);
  });

  it('refuses what is not an amount, more decimals than paisa, and figures too long to hold exactly', () => {
    for (const text of ['', '.', 'abc', '1.005', '1.2.3', '-5', '12a', '1,250.5,0', '12345678901234'])
      expect(parseMinor(text), text).toBeNull();
  });

  it('reads a rate of taka per dollar into millionths', () => {
    expect(parseRateMicros('88.25')).toBe(88_250_000);
    expect(parseRateMicros('87.123456')).toBe(87_123_456);
    expect(parseRateMicros('87.1234567')).toBeNull();
    expect(rateText(88_250_000)).toBe('88.25');
    expect(rateText(88_000_000)).toBe('88');
  });

  it('writes amounts with the currency’s sign, lakh grouping for taka, Bengali digits only in Bangla', () => {
    expect(formatMinor(12_505_050)).toBe('৳1,25,050.50');
    expect(formatMinor(15_500, 'CAD')).toBe('CA$155.00');
    expect(formatMinor(-7)).toBe('-৳0.07');
    expect(formatMinor(125_050, 'BDT', 'bn')).toBe('১,২৫০.৫০৳');
    expect(minorText(125_005)).toBe('1250.05');
  });
});
