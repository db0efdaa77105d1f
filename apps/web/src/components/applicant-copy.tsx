import { type ReactNode, useId, useState } from 'react';

export interface CopySection {
  title: string;
  rows: [label: string, value: string][];
}

export interface ApplicantCopyProps {
  /** What assistive technology calls the copy. */
  label: string;
  brand: string;
  /** Under the brand: a heading when the copy is what the page is about, a line of text otherwise. */
  title: ReactNode;
  /** Beside the photo: likewise a heading or a line of text. */
  name: ReactNode;
  photo: { src: string | null; alt: string; missing: string };
  /** Under the name: the status, the visa dates, the reference. */
  details?: ReactNode;
  /** Between the summary and the sections. */
  note?: ReactNode;
  sections: CopySection[];
  sectionHeading: 'h2' | 'h3';
  /** After the sections. */
  children?: ReactNode;
  className?: string;
}

/**
 * The applicant copy as a document: brand and title, the photo and name with what matters most,
 * then the details in titled sections. The one layout of both copies, the visitor's on the status
 * page and the staff's in the applicant file; each page brings its own words, so the public page
 * ships no staff text or code. Printed, it is a clean black-on-white page.
 */
export function ApplicantCopy(props: ApplicantCopyProps) {
  const { label, brand, title, name, photo, details, note, sections, sectionHeading: SectionHeading, children, className } = props;
  const id = useId();
  // Photo links are signed and expire; a copy reopened later says so instead of showing a broken image.
  const [photoFailed, setPhotoFailed] = useState(false);

  return (
    <article className={className ? `applicant-copy ${className}` : 'applicant-copy'} aria-label={label}>
      <header className="applicant-copy-header">
        <img src="/logo.svg" alt="" width="40" height="40" />
        <div>
          <p className="mb-0 fw-semibold">{brand}</p>
          {title}
        </div>
      </header>
      <div className="applicant-copy-summary">
        {photo.src && !photoFailed ? (
          <img className="applicant-photo" src={photo.src} alt={photo.alt} width="150" height="190" onError={() => setPhotoFailed(true)} />
        ) : (
          <div className="applicant-photo applicant-photo-empty">{photo.missing}</div>
        )}
        <div className="flex-grow-1">
          {name}
          {details}
        </div>
      </div>
      {note}
      <div className="copy-sections">
        {sections.map((section, i) => (
          <section key={section.title} className="copy-section" aria-labelledby={`${id}-${i}`}>
            <SectionHeading id={`${id}-${i}`} className="h6 copy-section-title">
              {section.title}
            </SectionHeading>
            <dl className="mb-0">
              {section.rows.map(([rowLabel, value]) => (
                <div key={rowLabel} className="copy-row">
                  <dt>{rowLabel}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      {children}
    </article>
  );
}
