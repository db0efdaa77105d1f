import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BRAND_NAME } from '@visa/shared/constants';
import { formatDate, formatDateTime } from '@visa/shared/dates';
import { vatSplit } from '@visa/shared/money-receipts';
import { RECEIPT_METHODS, RECEIPT_TEXTS, type ReceiptLanguage, receiptTaka, vatRateText } from '@visa/shared/receipt-words';
import type { OfficeContact } from '@visa/shared/office-contact';
import { formatPhone } from '@visa/shared/phone';
import { onFirstUse } from '../../../lib/on-first-use.js';
import { newPdf } from '../../../lib/pdf-document.js';
import { qrPath } from '../applicant-file/verification.js';

/**
 * A receipt as one A4 page (ADR 0088), in English or Bangla: the office, the receipt, and once the
 * office entered its BIN the Mushak-6.3 fields; a QR code opening the public check of the receipt.
 */

/** The Bengali face the web app serves, loaded on first use (ADR 0074). */
const require = createRequire(import.meta.url);
const loadBengali = onFirstUse(async () => ({
  regular: await readFile(require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff')),
  bold: await readFile(require.resolve('@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff')),
}));

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#4b5563';
const QR_SIDE = 96;

export interface ReceiptPrint {
  number: string;
  issuedOn: string;
  createdAt: string;
  payerName: string;
  applicationId: string;
  amountMinor: number;
  method: string | null;
  methodRef: string | null;
  reversed: boolean;
  verifyUrl: string;
}

/** The Bengali face carries Bengali letters, digits and ৳ only; everything else is set in Helvetica. */
const BENGALI = /[\u0980-\u09FF\u200C\u200D]/;

function runsOf(text: string): { bn: boolean; text: string }[] {
  const runs: { bn: boolean; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const bn = char === ' ' && last ? last.bn : BENGALI.test(char);
    if (last && last.bn === bn) last.text += char;
    else runs.push({ bn, text: char });
  }
  return runs;
}

type Doc = PDFKit.PDFDocument;

/** Writes a line whose words may be in either script, each run in a face that has its letters. */
function write(doc: Doc, text: string, at: { x: number; y: number; width: number; size: number; bold?: boolean; color?: string }) {
  const runs = runsOf(text);
  doc.fillColor(at.color ?? INK).fontSize(at.size);
  runs.forEach((run, i) => {
    doc.font(run.bn ? (at.bold ? 'bn-bold' : 'bn') : at.bold ? 'Helvetica-Bold' : 'Helvetica');
    const continued = i < runs.length - 1;
    if (i === 0) doc.text(run.text, at.x, at.y, { width: at.width, continued });
    else doc.text(run.text, { continued });
  });
  if (runs.length === 0) doc.text('', at.x, at.y);
}

export async function renderReceiptPdf(
  receipt: ReceiptPrint,
  o: { language: ReceiptLanguage; office: OfficeContact; bin: string; vatRateBasisPoints: number; timeZone: string },
): Promise<Buffer> {
  const T = RECEIPT_TEXTS[o.language];
  const lang = o.language;
  const mushak = o.bin !== '';
  const [bengali, qr] = await Promise.all([loadBengali(), qrPath(receipt.verifyUrl)]);
  const { doc, finished } = await newPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${T.title} ${receipt.number}`, Author: BRAND_NAME.en },
  });
  doc.registerFont('bn', bengali.regular);
  doc.registerFont('bn-bold', bengali.bold);
  const width = doc.page.width - 2 * MARGIN;

  write(doc, BRAND_NAME[lang], { x: MARGIN, y: MARGIN, width, size: 14, bold: true });
  const address = (lang === 'bn' && o.office.addressBn) || o.office.address;
  const contact = [address, o.office.phone ? formatPhone(o.office.phone) : '', o.office.email].filter(Boolean).join('\n');
  for (const line of contact.split('\n').filter(Boolean)) write(doc, line, { x: MARGIN, y: doc.y, width, size: 9, color: MUTED });
  doc.moveDown(1.2);
  write(doc, mushak ? T.mushakTitle : T.title, { x: MARGIN, y: doc.y, width, size: 18, bold: true });
  doc.moveDown(0.8);

  const rows: [string, string][] = [
    [mushak ? T.serial : T.number, receipt.number],
    mushak ? [T.issuedAt, formatDateTime(receipt.createdAt, lang, o.timeZone)] : [T.date, formatDate(receipt.issuedOn, lang)],
    [T.receivedFrom, receipt.payerName || T.erasedPayer],
    [T.reference, receipt.applicationId],
    ...(mushak ? [] : ([[T.amount, receiptTaka(receipt.amountMinor, lang)]] as [string, string][])),
    [T.method, receipt.method ? (RECEIPT_METHODS[receipt.method]?.[lang] ?? receipt.method) : '—'],
    ...(receipt.methodRef ? ([[T.methodRef, receipt.methodRef]] as [string, string][]) : []),
  ];
  if (mushak) {
    const { exVatMinor, vatMinor } = vatSplit(receipt.amountMinor, o.vatRateBasisPoints);
    rows.push(
      [T.sellerBin, o.bin],
      [T.vatRate, vatRateText(o.vatRateBasisPoints, lang)],
      [T.valueExVat, receiptTaka(exVatMinor, lang)],
      [T.vatAmount, receiptTaka(vatMinor, lang)],
      [T.total, receiptTaka(receipt.amountMinor, lang)],
    );
  }
  for (const [label, value] of rows) {
    const y = doc.y;
    write(doc, label, { x: MARGIN, y, width: 170, size: 10, color: MUTED });
    const labelEnd = doc.y;
    write(doc, value, { x: MARGIN + 180, y, width: width - 180, size: 11, bold: true });
    doc.y = Math.max(doc.y, labelEnd) + 6;
  }
  if (receipt.reversed) {
    doc.moveDown(0.8);
    write(doc, T.reversed, { x: MARGIN, y: doc.y, width, size: 11, bold: true, color: '#b91c1c' });
  }

  // The QR opens the public check, which tells anyone holding the paper whether it still stands.
  const top = Math.max(doc.y + 24, 560);
  doc
    .save()
    .translate(MARGIN, top)
    .scale(QR_SIDE / qr.size)
    .path(qr.path)
    .fill('#000000')
    .restore();
  write(doc, T.verify, { x: MARGIN + QR_SIDE + 14, y: top + 12, width: width - QR_SIDE - 14, size: 10, bold: true });
  write(doc, receipt.verifyUrl, { x: MARGIN + QR_SIDE + 14, y: doc.y + 2, width: width - QR_SIDE - 14, size: 8, color: MUTED });
  write(doc, T.footer, { x: MARGIN, y: top + QR_SIDE + 24, width, size: 9, color: MUTED });
  doc.end();
  return finished;
}
