import type { ReactNode } from 'react';
import { type CopyVerification, copySections, statusLabel } from '@visa/shared/applicant-file';
import type { Application, ApplicationDocument } from '@visa/shared/applications';

export interface ApplicantCopyProps {
  application: Application;
  verification?: CopyVerification;
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
 * The applicant copy as a document (issue 5 item 1): title with the status, photo, full name,
 * sections A–D, visa dates, documents, and where to check it. The same markup is printed (A4).
 */
export function ApplicantCopy({ application: a, verification, documentActions }: ApplicantCopyProps) {
  const fullName = `${a.givenN} ${a.surname}`;
  return (
    <article className="af-copy bg-white border rounded p-3 p-md-4" aria-labelledby="copy-title">
      <header className="d-flex gap-3 justify-content-between align-items-start mb-3">
        <div>
          <p className="af-brand mb-1">Canada Visa Desk</p>
          <h1 id="copy-title" className="h3 mb-1">
            Applicants Copy ({statusLabel(a.isStatus)})
          </h1>
          <p className="fs-5 mb-1">{fullName}</p>
          <p className="text-body-secondary small mb-0">Reference No. {a._id}</p>
        </div>
        <div className="af-photo border rounded">
          {a.image ? <img src={a.image} alt={`Photo of ${fullName}`} /> : <span className="text-body-secondary small">No photo</span>}
        </div>
      </header>

      {copySections(a).map((section, i) => (
        <section key={section.title} className="af-section mb-3" aria-labelledby={`copy-section-${i}`}>
          <h2 id={`copy-section-${i}`} className="h6 af-section-title">
            {section.title}
          </h2>
          <dl className="af-rows">
            {section.rows.map(([label, value]) => (
              <div key={label} className="af-row">
                <dt className="af-label">{label}</dt>
                <dd className="af-value">{value || '-'}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}

      {verification && (
        <section className="af-verification d-flex gap-3 align-items-center border-top pt-3 mb-3" aria-label="Check this application">
          <QrCode verification={verification} />
          <p className="small mb-0">
            <strong>Check this application:</strong> scan the code or open <span className="text-break">{verification.url}</span> and enter
            the passport number, nationality and date of birth. Reference No. {a._id}.
          </p>
        </section>
      )}

      <section className="af-documents" aria-labelledby="copy-documents-title">
        <h2 id="copy-documents-title" className="h6 af-section-title">
          Documents
        </h2>
        {a.documents.length === 0 ? (
          <p className="text-body-secondary small">No documents yet.</p>
        ) : (
          <ol className="list-unstyled row g-3">
            {a.documents.map((doc, i) => (
              <li key={doc._id} className="col-12 col-sm-6 col-lg-4 af-document">
                <figure className="mb-0">
                  <figcaption className="af-document-heading">
                    Document {i + 1} of {a.documents.length}: {doc.label}
                  </figcaption>
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
    </article>
  );
}
