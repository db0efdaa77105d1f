/**
 * Settings → Receipts and VAT and Settings → Keeping financial records (ADR 0094): the words of the
 * two money settings the owner keeps, and the VAT rate as a clerk types it. No schema here (as
 * money-words.ts), so the settings chunk carries no zod for them; money-settings-words.test.ts holds
 * the messages and the limits to the API's schemas.
 */
import { parseDecimal } from './money-words.js';

/** The VAT rate as typed ("15", "7.5", "১৫", "15 %") in basis points, with integer arithmetic only; null for anything else. */
export function parseVatRate(text: string): number | null {
  const plain = text.trim().replace(/\s*%$/, '');
  // A comma is a thousands separator to parseDecimal: "7,5" would read as 75%, so a rate takes none.
  if (plain.includes(',') || plain.startsWith('৳')) return null;
  return parseDecimal(plain, 2);
}

/** Basis points as a clerk reads a rate: 1500 → "15", 750 → "7.5", 1525 → "15.25". */
export function vatRateInput(basisPoints: number): string {
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.trunc(basisPoints / 100)}${fraction ? `.${fraction}` : ''}`;
}

export const RECEIPT_SETTINGS_WORDS = {
  title: 'Receipts and VAT',
  intro:
    'With a BIN, every receipt is a tax invoice (Mushak-6.3): it shows the BIN, the VAT rate and the VAT in each payment. Without one, receipts are plain money receipts.',
  bin: 'BIN (Business Identification Number)',
  binHint: '9 or 13 digits, as on the VAT registration certificate. Leave it empty for plain money receipts.',
  vatRate: 'VAT rate (%)',
  vatHint: 'A percentage, as in 15 or 7.5; 0 when no VAT is charged.',
  vatInvalid: 'Please enter the VAT rate as a percentage in figures, as in 15 or 7.5, with at most two decimals.',
  preview: 'Receipts will show',
  plain: 'Plain money receipts, without a BIN or VAT.',
  save: 'Save receipt settings',
  saved: 'The receipt settings were saved.',
  loadError: 'The receipt settings could not be loaded.',
  failed: 'The receipt settings could not be saved. Please try again.',
} as const;

export const FINANCIAL_RETENTION_WORDS = {
  title: 'Keeping financial records',
  intro:
    "When an applicant's personal data is erased or an application deleted, its charges, payments and receipts are kept for this many years (Bangladesh's Income Tax Act asks for six), then removed.",
  years: 'Years to keep financial records',
  yearsHint: 'A whole number from 1 to 30.',
  yearsInvalid: 'Please enter a whole number of years from 1 to 30.',
  save: 'Save financial records setting',
  saved: 'The financial records setting was saved.',
  loadError: 'The financial records setting could not be loaded.',
  failed: 'The financial records setting could not be saved. Please try again.',
} as const;
