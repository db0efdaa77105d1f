import { describe, expect, it } from 'vitest';
import { APPLICANT_FILE_TEXTS as M, ApplicationHistorySchema, CopyVerificationSchema } from '@visa/shared/applicant-file';
import { VALIDATION } from '@visa/shared/ui-texts';
import { createApplication } from '@visa/test-support/applications';
import { base, documentsForm, jpegPart, pngPart, applicantFileApp } from './fixtures.js';
import { pdfText } from '@visa/test-support/pdf';

const { t, staff, put, upload } = applicantFileApp();

describe('history and email delivery', () => {
  it('lists who changed what and when, and each email with its delivery status', async () => {
    const app = await createApplication(t.db, { created_at: '2026-03-01T04:00:00.000Z' });
    await put(`${base}/updateApplicationApprove/${app.id}`, { date: '2026-04-01' });
    await upload(app.id, documentsForm([await jpegPart()], ['Work Permit']));
    await t.app.outbox.runOnce();

    const res = await t.request({ method: 'GET', url: `${base}/applicationHistory/${app.id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const { history, emails } = ApplicationHistorySchema.parse(res.json());
    expect(history.map((e) => e.action)).toEqual(['application.status', 'application.documents.add', 'email.sent', 'email.sent']);
    expect(history[0]!.actor).toEqual({ _id: staff.id, name: 'Nadia Staff' });
    expect(history[2]!.actor).toBeNull();
    expect(emails).toHaveLength(2);
    expect(emails.every((e) => e.status === 'sent' && e.attempts === 1 && e.sentAt !== null && e.to === app.email)).toBe(true);
  });

  it('answers 404 for an unknown application and 400 for a malformed id', async () => {
    const unknown = await t.request({ method: 'GET', url: `${base}/applicationHistory/${'e'.repeat(24)}`, token: staff.token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: M.applicationNotFound });
    const bad = await t.request({ method: 'GET', url: `${base}/applicationHistory/xyz`, token: staff.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(VALIDATION.invalidId);
  });
});

describe('printable copy', () => {
  it('gives the enquiry address and its QR code for the printed view', async () => {
    const res = await t.request({ method: 'GET', url: `${base}/applicantCopyVerification`, token: staff.token });
    expect(res.statusCode).toBe(200);
    const body = CopyVerificationSchema.parse(res.json());
    expect(body.url).toBe('https://visa.example.com/enquiry');
    expect(body.qr.size).toBeGreaterThanOrEqual(29);
    expect(body.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  });

  it('downloads the copy as an A4 PDF: one page for the copy and one per document', async () => {
    const app = await createApplication(t.db, {}, { storage: t.storage });
    await upload(app.id, documentsForm([await jpegPart(), await pngPart()], ['Visa', 'LMIA']));
    const res = await t.request({ method: 'GET', url: `${base}/applicationCopyPdf/${app.id}`, token: staff.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="applicants-copy-Rahman-Karim-${app.passport}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3);
    expect(pdf).toContain('/MediaBox [0 0 595.28 841.89]');
    // Photo plus two documents embedded as images.
    expect(pdf.match(/\/Subtype \/Image/g)!.length).toBeGreaterThanOrEqual(3);
  });

  it('words the decision as the status is: visa dates once approved, "pending since" before, the decision alone after a refusal', async () => {
    const text = async (id: string) =>
      pdfText((await t.request({ method: 'GET', url: `${base}/applicationCopyPdf/${id}`, token: staff.token })).rawPayload);
    const pending = await text((await createApplication(t.db, { status: 'pending', pending_date: '2026-11-30', stage: 'submitted' })).id);
    expect(pending).toContain('Stage');
    expect(pending).toContain('Submitted to IRCC');
    expect(pending).toContain('Pending since');
    expect(pending).toContain('30 Nov 2026');
    expect(pending).toContain('Pending — we will email you when there is news');
    expect(pending).not.toMatch(/collect/i);
    // A day that is never the printing day: the copy says when it was printed.
    const rejected = await text((await createApplication(t.db, { status: 'rejected', pending_date: '2025-03-14' })).id);
    expect(rejected).toContain('Rejected — please contact our office for advice');
    expect(rejected).not.toMatch(/collect|14 Mar 2025/i);
    const approved = await text(
      (await createApplication(t.db, { status: 'approved', pending_date: '2026-11-30', approve_date: '2026-12-02' })).id,
    );
    expect(approved).toContain('Processing started');
    expect(approved).toContain('2 Dec 2026');
  });

  it('answers 404 for an unknown application', async () => {
    const res = await t.request({ method: 'GET', url: `${base}/applicationCopyPdf/${'f'.repeat(24)}`, token: staff.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: M.applicationNotFound });
  });
});
