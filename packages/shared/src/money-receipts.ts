import { z } from 'zod';

/**
 * Receipts shown, sent and verified (ADR 0088): the office's VAT registration for Mushak-6.3, the
 * public verify answer, and VAT split from a price that includes it, in integer paisa.
 */

/** A Bangladesh Business Identification Number: 9 or 13 digits; empty until the office enters one. */
export const BIN_PATTERN = /^(\d{9}|\d{13})?$/;

/** The setting `receiptSettings`: the office's BIN and its VAT rate in basis points (1500 = 15%). */
export const ReceiptSettingsSchema = z.object({
  bin: z.string().trim().regex(BIN_PATTERN, 'A BIN is 9 or 13 digits.'),
  vatRateBasisPoints: z
    .number('The VAT rate must be a whole number of basis points.')
    .int('The VAT rate must be a whole number of basis points.')
    .min(0, 'The VAT rate cannot be negative.')
    .max(10_000, 'The VAT rate cannot be more than 100%.'),
});
export type ReceiptSettings = z.infer<typeof ReceiptSettingsSchema>;

export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettings = { bin: '', vatRateBasisPoints: 0 };

/**
 * A price that includes VAT, split: vat = round(total × rate / (10000 + rate)), half up, in integers
 * only, so the value without VAT and the VAT always add up to the total.
 */
export function vatSplit(totalMinor: number, rateBasisPoints: number): { exVatMinor: number; vatMinor: number } {
  const total = BigInt(totalMinor);
  const rate = BigInt(rateBasisPoints);
  const divisor = 10_000n + rate;
  const vat = Number((2n * total * rate + divisor) / (2n * divisor));
  return { exVatMinor: totalMinor - vat, vatMinor: vat };
}

/** What anyone holding a receipt's code may read: the issuer and the receipt, nothing of the payer. */
export const ReceiptCheckSchema = z.object({
  issuer: z.object({ en: z.string(), bn: z.string() }),
  number: z.string(),
  issuedOn: z.string(),
  amountMinor: z.number().int(),
  status: z.enum(['valid', 'reversed']),
  refundedMinor: z.number().int(),
});
export type ReceiptCheck = z.infer<typeof ReceiptCheckSchema>;

export const ReceiptCodeParamsSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'This is not a receipt code.') });
export const ReceiptParamsSchema = z.object({
  id: z.string().regex(/^[a-f0-9]{24}$/),
  receiptId: z.string().regex(/^[a-f0-9]{24}$/),
});

/** The PDF's language: English unless asked for in Bangla. */
export const ReceiptPdfQuerySchema = z.object({ lang: z.enum(['en', 'bn']).default('en') });

export const ReceiptSentSchema = z.object({ channels: z.array(z.string()) });
