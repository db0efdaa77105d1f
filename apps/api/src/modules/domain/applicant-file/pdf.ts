import { PDF_DOCUMENT_IN_COPY } from '@visa/shared/document-requests';
import { COPY_TEXT, type CopyVerification, copySections } from '@visa/shared/applicant-file';
import type { Application } from '@visa/shared/applications';
import { copyPrivacyLine } from '@visa/shared/privacy-notice-view';
import type { Storage } from '../../../infra/storage/storage.js';
import { newPdf } from '../../../lib/pdf-document.js';

async function readAll(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const INK = '#1f2937';
const MUTED = '#6b7280';
const BRAND = '#b91c1c';

/** The sentence under the QR code stands alone here; on the page it follows a heading and a colon. */
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The applicant copy as an A4 PDF: the same content as the printed view (photo, sections A–D,
 * visa dates, reference and QR to the enquiry page), then each document on a page of its own.
 * Built in memory: a copy is a few pages of already-compressed JPEGs.
 */
export async function renderCopyPdf(input: {
  application: Application;
  photoKey: string | null;
  storage: Storage;
  verification: CopyVerification;
  printedOn: string;
  /** The stage in the office's words. */
  stage?: string;
}): Promise<Buffer> {
  const { application: a, verification } = input;
  const { doc, finished } = await newPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: COPY_TEXT.fileTitle(`${a.givenN} ${a.surname}`), Author: COPY_TEXT.brand, Subject: COPY_TEXT.fileSubject(a._id) },
  });

  const contentWidth = A4.width - 2 * MARGIN;
  const photoBox = { w: 110, h: 140 };

  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(9).text(COPY_TEXT.brand.toUpperCase(), MARGIN, MARGIN, { characterSpacing: 1.5 });
  doc.moveDown(0.4);
  doc
    .fillColor(INK)
    .fontSize(20)
    .text(COPY_TEXT.title(a.isStatus), { width: contentWidth - photoBox.w - 16 });
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(15)
    .text(`${a.givenN} ${a.surname}`, { width: contentWidth - photoBox.w - 16 });
  doc.moveDown(0.2);
  doc.fillColor(MUTED).fontSize(9).text(COPY_TEXT.referenceNo(a._id));

  const photoX = A4.width - MARGIN - photoBox.w;
  const photo = await readAll(input.storage, input.photoKey);
  doc.save().lineWidth(0.75).strokeColor('#d1d5db').rect(photoX, MARGIN, photoBox.w, photoBox.h).stroke().restore();
  if (photo) {
    doc.image(photo, photoX + 2, MARGIN + 2, { fit: [photoBox.w - 4, photoBox.h - 4], align: 'center', valign: 'center' });
  } else {
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(COPY_TEXT.noPhoto, photoX, MARGIN + photoBox.h / 2 - 4, { width: photoBox.w, align: 'center' });
  }

  let y = Math.max(doc.y, MARGIN + photoBox.h) + 18;
  const labelWidth = 170;
  for (const section of copySections(a, input.stage)) {
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11.5).text(section.title, MARGIN, y);
    y = doc.y + 3;
    doc
      .save()
      .lineWidth(0.75)
      .strokeColor(BRAND)
      .moveTo(MARGIN, y)
      .lineTo(A4.width - MARGIN, y)
      .stroke()
      .restore();
    y += 6;
    for (const [label, value] of section.rows) {
      doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth });
      const valueHeight = doc.heightOfString(value || '-', { width: contentWidth - labelWidth });
      doc.fillColor(INK).text(value || '-', MARGIN + labelWidth, y, { width: contentWidth - labelWidth });
      y += Math.max(valueHeight, 12) + 4;
    }
    y += 10;
  }

  // Verification block at the foot of the first page.
  const qrSide = 84;
  const footY = Math.max(y, A4.height - MARGIN - qrSide);
  const scale = qrSide / verification.qr.size;
  doc.save().translate(MARGIN, footY).scale(scale).path(verification.qr.path).fill('#000000').restore();
  doc
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(INK)
    .text(COPY_TEXT.checkTitle, MARGIN + qrSide + 14, footY + 8);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      capitalise(
        `${COPY_TEXT.checkHow(verification.url)} ${COPY_TEXT.referenceNo(a._id)}. ${COPY_TEXT.printedOn(input.printedOn)}\n${copyPrivacyLine(new URL('/privacy', verification.url).href)}`,
      ),
      MARGIN + qrSide + 14,
      doc.y + 2,
      { width: contentWidth - qrSide - 14 },
    );

  const total = a.documents.length;
  for (const [index, entry] of a.documents.entries()) {
    doc.addPage();
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(COPY_TEXT.documentHeading(index, total, entry.label), MARGIN, MARGIN);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${a.givenN} ${a.surname} - ${COPY_TEXT.referenceNo(a._id)}`);
    const top = doc.y + 12;
    // publicId is the document's storage key.
    // A PDF an applicant sent (ADR 0046) cannot be drawn as a picture: the copy names it instead.
    const bytes = entry.contentType === 'application/pdf' ? null : await readAll(input.storage, entry.publicId);
    if (entry.contentType === 'application/pdf') {
      doc.fillColor(MUTED).text(PDF_DOCUMENT_IN_COPY, MARGIN, top);
    } else if (bytes) {
      doc.image(bytes, MARGIN, top, { fit: [contentWidth, A4.height - MARGIN - top], align: 'center' });
    } else {
      doc.fillColor(MUTED).text(COPY_TEXT.documentMissing, MARGIN, top);
    }
  }

  doc.end();
  return finished;
}
