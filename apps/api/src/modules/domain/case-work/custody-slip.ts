import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { CASE_TEXTS } from '@visa/shared/case-work';
import { CUSTODY_TEXTS, PASSPORT_PLACE_LABELS, SLIP_TEXTS as S } from '@visa/shared/passport-custody';
import { BRAND_NAME } from '@visa/shared/constants';
import { formatDate, formatDateTime } from '@visa/shared/dates';
import { formatPhone } from '@visa/shared/phone';
import type { AppContext } from '../../../context.js';
import { HttpError, conflict } from '../../../lib/http-error.js';
import { newPdf } from '../../../lib/pdf-document.js';
import { getSetting } from '../../kernel/settings/repository.js';
import * as repo from './custody-repository.js';

/**
 * The handover slip (ADR 0082): one A4 page staff print and both sides sign, the receipt of a
 * passport. The passport number is printed here and nowhere else custody shows or keeps.
 */

const MARGIN = 56;
const INK = '#111827';
const MUTED = '#4b5563';

export async function handoverSlip(
  ctx: Pick<AppContext, 'db' | 'config'>,
  id: string,
  handoverId: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const slip = await repo.findSlip(ctx.db, id, handoverId);
  if (!slip) {
    const known = await repo.findCustodyHead(ctx.db, id);
    throw new HttpError(404, known ? CUSTODY_TEXTS.handoverNotFound : APPLICANT_FILE_TEXTS.applicationNotFound);
  }
  // An erased record no longer names the applicant or the passport the slip would be a receipt of.
  if (slip.erased) throw conflict(CASE_TEXTS.erased);
  const office = await getSetting(ctx.db, 'officeContact');
  const h = slip.handover;
  const zone = ctx.config.APP_TIMEZONE;

  const { doc, finished } = await newPdf({ size: 'A4', margin: MARGIN, info: { Title: S.title, Author: BRAND_NAME.en } });
  const width = doc.page.width - 2 * MARGIN;

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text(BRAND_NAME.en);
  const contact = [office.address, office.phone ? formatPhone(office.phone) : '', office.email].filter(Boolean).join('\n');
  if (contact) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(contact);
  doc.moveDown(1.2);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(S.title);
  doc.moveDown(0.8);

  const rows: [string, string][] = [
    [S.applicant, `${slip.givenName} ${slip.surname}`],
    [S.reference, id],
    [S.passport, slip.passport],
    [S.from, PASSPORT_PLACE_LABELS[h.from_place]],
    [S.to, PASSPORT_PLACE_LABELS[h.to_place]],
    [S.date, formatDate(h.occurred_on)],
    [S.counterpart, h.counterpart || '—'],
    ...(h.note ? ([[S.note, h.note]] as [string, string][]) : []),
    [S.recordedBy, `${slip.byName ?? '—'}, ${formatDateTime(h.recorded_at, 'en', zone)}`],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 170 });
    const labelEnd = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(INK)
      .text(value, MARGIN + 180, y, { width: width - 180 });
    doc.y = Math.max(doc.y, labelEnd) + 6;
  }

  // Two signature blocks side by side: who handed the passport over and who received it.
  doc.moveDown(2.5);
  const top = doc.y;
  const column = (width - 40) / 2;
  for (const [i, heading] of [S.handedBy, S.receivedBy].entries()) {
    const x = MARGIN + i * (column + 40);
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(heading, x, top, { width: column });
    for (const [j, line] of [S.name, S.signature, S.signedOn].entries()) {
      const y = top + 48 + j * 44;
      doc
        .save()
        .lineWidth(0.75)
        .strokeColor(INK)
        .moveTo(x, y)
        .lineTo(x + column, y)
        .stroke()
        .restore();
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(line, x, y + 4, { width: column });
    }
  }
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(S.footer, MARGIN, top + 200, { width });
  doc.end();
  return { bytes: await finished, filename: S.fileName(h.occurred_on) };
}
