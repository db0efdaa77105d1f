import type { ReactNode } from 'react';
import { COPY_TEXT, type CopyVerification, copySections } from '@visa/shared/applicant-file';
import type { Application, ApplicationDocument } from '@visa/shared/applications';
import { copyPrivacyLine } from '@visa/shared/privacy-notice-view';
import { ApplicantCopy } from '../../../components/applicant-copy';

export interface ApplicantFileCopyProps {
  application: Application;
  verification?: CopyVerification;
  /** The case's stage in the office's words, once loaded. */
  stage?: string;
  /** Rendered under each document on screen (e.g. a Remove button); hidden in print. */
  documentActions?: (document: ApplicationDocument, index: number) => ReactNode;
}

function QrCode({ verification }: { verification: CopyVerification }) {
  const { size, path } = verification.qr;
  return (
    <svg
      className="af-qr"
      role="img"
      aria-label={`QR code linking to ${verification.url}`}
      viewBox={`0 0 ${size} ${size}`}
      width="96"
      height="96"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/**
 * The applicant copy in the applicant file: title with the status, photo, full name, the sections
 * the PDF has too, where anyone can check it, and the documents. The same markup is printed (A4),
 * each document on a page of its own.
 */
export function ApplicantFileCopy({ application: a, verification, stage, documentActions }: ApplicantFileCopyProps) {
  const fullName = `${a.givenN} ${a.surname}`;
  const title = COPY_TEXT.title(a.isStatus);
  // The copy is in English, as the PDF is and as the application names its countries.
  const sections = copySections(a, stage).map(({ title: sectionTitle, rows }) => ({
    title: sectionTitle,
    rows: rows.map(([label, value]): [string, string] => [label, value || '-']),
  }));

  return (
    <ApplicantCopy
      className="af-copy"
      label={title}
      brand={COPY_TEXT.brand}
      title={<h1 className="h5 mb-0">{title}</h1>}
      name={<p className="h3 mb-2">{fullName}</p>}
      photo={{ src: a.image, alt: `Photo of ${fullName}`, missing: COPY_TEXT.noPhoto }}
      details={<p className="text-body-secondary small mb-0">{COPY_TEXT.referenceNo(a._id)}</p>}
      sections={sections}
      sectionHeading="h2"
    >
      {verification && (
        <section className="af-verification d-flex gap-3 align-items-center border-top" aria-label={COPY_TEXT.checkTitle}>
          <QrCode verification={verification} />
          <p className="small mb-0 text-break">
            <strong>{COPY_TEXT.checkTitle}:</strong> {COPY_TEXT.checkHow(verification.url)} {COPY_TEXT.referenceNo(a._id)}.
            <span className="d-block">{copyPrivacyLine(new URL('/privacy', verification.url).href)}</span>
          </p>
        </section>
      )}

      <section className="af-documents border-top" aria-labelledby="copy-documents-title">
        <h2 id="copy-documents-title" className="h6 copy-section-title">
          Documents
        </h2>
        {a.documents.length === 0 ? (
          <p className="text-body-secondary small mb-0">{COPY_TEXT.noDocuments}</p>
        ) : (
          <ol className="list-unstyled row g-3 mb-0">
            {a.documents.map((doc, i) => (
              <li key={doc._id} className="col-12 col-sm-6 col-lg-4 af-document">
                <figure className="mb-0">
                  <figcaption className="af-document-heading">{COPY_TEXT.documentHeading(i, a.documents.length, doc.label)}</figcaption>
                  <a href={doc.url} target="_blank" rel="noreferrer" className="d-block">
                    <img src={doc.url} alt={`${doc.label} (document ${i + 1})`} className="img-fluid border rounded" />
                  </a>
                  {documentActions && <div className="small mt-1 text-end no-print">{documentActions(doc, i)}</div>}
                </figure>
              </li>
            ))}
          </ol>
        )}
      </section>
    </ApplicantCopy>
  );
}
