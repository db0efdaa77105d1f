import { useState } from 'react';
import type { EnquiryApplication } from '@visa/shared/enquiry';
import { useLocale } from '../../../lib/i18n';
import { useEnquiryMessages } from '../locales';
import { formatDate } from '../format-date';
import { StatusBadge } from './status-badge';

/**
 * The applicant's copy on /view-one: photo, name, status with what it means, the two visa dates,
 * and the details of the application in three sections. One column on a phone, two from md up,
 * and a clean black-on-white page when printed.
 */
export function ApplicantCopy({ application }: { application: EnquiryApplication }) {
  const { language, messages } = useLocale();
  const em = useEnquiryMessages();
  const m = em.viewOne;
  const name = `${application.givenN} ${application.surname}`;
  const date = (value: string | null) => (value ? formatDate(value, language) : m.notSet);
  const status = em.status[application.isStatus];
  // The photo's signed link lasts 15 minutes; a copy reopened later says so instead of a broken image.
  const [photoFailed, setPhotoFailed] = useState(false);

  const sections = [
    {
      title: m.sections.personal,
      rows: [
        [m.fields.surname, application.surname],
        [m.fields.givenN, application.givenN],
        [m.fields.sex, m.sex[application.sex]],
        [m.fields.dob, formatDate(application.dob, language)],
        [m.fields.currentN, application.currentN],
      ],
    },
    {
      title: m.sections.passport,
      rows: [
        [m.fields.passport, application.passport],
        [m.fields.issuedCountry, application.issuedCountry],
      ],
    },
    {
      title: m.sections.employment,
      rows: [
        [m.fields.jobTitle, application.jobTitle],
        [m.fields.company, application.company],
        [m.fields.dutyDuration, application.dutyDuration],
      ],
    },
  ];

  return (
    <article className="applicant-copy" aria-label={`${m.copyTitle}: ${name}`}>
      <header className="applicant-copy-header">
        <img src="/logo.svg" alt="" width="40" height="40" />
        <div>
          <p className="mb-0 fw-semibold">{messages.nav.brand}</p>
          <p className="mb-0 small text-body-secondary">{m.copyTitle}</p>
        </div>
      </header>
      <div className="applicant-copy-summary">
        {application.image && !photoFailed ? (
          <img
            className="applicant-photo"
            src={application.image}
            alt={m.photoAlt(name)}
            width="150"
            height="190"
            onError={() => setPhotoFailed(true)}
          />
        ) : (
          <div className="applicant-photo applicant-photo-empty">{m.noPhoto}</div>
        )}
        <div className="flex-grow-1">
          <h2 className="h3 mb-2">{name}</h2>
          <p className="mb-2">
            <span className="visually-hidden">{m.statusLabel}: </span>
            <StatusBadge status={application.isStatus} />
          </p>
          <dl className="visa-dates">
            <div>
              <dt>{m.collectDate}</dt>
              <dd>{date(application.pending)}</dd>
            </div>
            <div>
              <dt>{m.approveDate}</dt>
              <dd>{date(application.approve)}</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="status-explained">
        <h3 className="h6 mb-1">{m.whatItMeans}</h3>
        <p className="mb-2">{status.meaning}</p>
        <h3 className="h6 mb-1">{m.whatNext}</h3>
        <p className="mb-0">{status.next}</p>
      </div>
      <div className="copy-sections">
        {sections.map((section) => (
          <section key={section.title} className="copy-section">
            <h3 className="h6 copy-section-title">{section.title}</h3>
            <dl className="mb-0">
              {section.rows.map(([label, value]) => (
                <div key={label} className="copy-row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </article>
  );
}
