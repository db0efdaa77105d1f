import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { countryNameIn } from '@visa/shared/countries';
import { formatDate } from '@visa/shared/dates';
import { jobTitleIn } from '@visa/shared/job-titles-bn';
import type { EnquiryApplication } from '@visa/shared/enquiry';
import { ApplicantCopy, type CopySection } from '../../../components/applicant-copy';
import { OfficeContact } from '../../../components/office-contact';
import { StatusBadge } from '../../../components/status-badge';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../lib/i18n';
import { useCountries } from '../../../lib/use-countries';
import { localePath } from '../../../lib/locales/paths';
import { useHydrated } from '../hooks/use-hydrated';
import { useStatusCheckTexts } from '../locales';
import type { ViewOneState } from './status-check-page';

/** Navigation state is whatever the history holds; only a list of applicant copies is shown. */
const readResults = (state: unknown): EnquiryApplication[] => {
  const applications = (state as Partial<ViewOneState> | null)?.applications;
  if (!Array.isArray(applications)) return [];
  return applications.filter(
    (a): a is EnquiryApplication =>
      typeof a === 'object' &&
      a !== null &&
      typeof a.surname === 'string' &&
      typeof a.passport === 'string' &&
      typeof (a as Partial<EnquiryApplication>).stage === 'object',
  );
};

/**
 * The dates that mean something for the status (ADR 0020): once approved, since when it was
 * processed (the `pending` date, named "visa collect date" in the staff pages, is the day processing
 * began, not a day to collect anything: ADR 0071) and the approval date; since when a pending
 * application waits, and that news comes by email; none for a refusal, whose decision the badge and
 * "what this means" already give, so nothing there reads "come and collect".
 */
function StatusDates({ application, date }: { application: EnquiryApplication; date: (value: string | null) => string }) {
  const m = useStatusCheckTexts().viewOne;
  if (application.isStatus === 'approved') {
    return (
      <dl className="visa-dates">
        <div>
          <dt>{m.processingStarted}</dt>
          <dd>{date(application.pending)}</dd>
        </div>
        <div>
          <dt>{m.approveDate}</dt>
          <dd>{date(application.approve)}</dd>
        </div>
      </dl>
    );
  }
  if (application.isStatus === 'pending') {
    return (
      <>
        <dl className="visa-dates">
          <div>
            <dt>{m.pendingSince}</dt>
            <dd>{date(application.pending)}</dd>
          </div>
        </dl>
        <p className="mb-0">{m.pendingNews}</p>
      </>
    );
  }
  return null;
}

/**
 * Where the case stands (ADR 0083): the stage in the office's words, and the letter waiting on the
 * applicant with what to do and by when, as IRCC's own tracker puts it.
 */
function CaseStage({ application }: { application: EnquiryApplication }) {
  const { language } = useLocale();
  const m = useStatusCheckTexts().viewOne;
  const { waiting } = application;
  return (
    <>
      <dl className="visa-dates">
        <div>
          <dt>{m.stage}</dt>
          <dd>{application.stage[language]}</dd>
        </div>
      </dl>
      {waiting && (
        <p className="alert alert-warning py-2 mb-2">
          <strong>{m.waitingOnYou}:</strong> {m.waiting[waiting.kind](formatDate(waiting.deadline, language))}
        </p>
      )}
    </>
  );
}

/**
 * One matched application as the applicant's copy: status with what it means, the two visa dates,
 * and the details of the application in the visitor's language.
 */
function ResultCopy({ application }: { application: EnquiryApplication }) {
  const { language, texts } = useLocale();
  const em = useStatusCheckTexts();
  const m = em.viewOne;
  const name = `${application.givenN} ${application.surname}`;
  const date = (value: string | null) => (value ? formatDate(value, language) : m.notSet);
  const status = em.status[application.isStatus];
  // Answered in English with the code beside (ADR 0035): named in the page's language once the
  // names are loaded.
  const countries = useCountries(language);
  const country = (code: string | null, name: string) => countryNameIn(countries, code, name);
  const sections: CopySection[] = [
    {
      title: m.sections.personal,
      rows: [
        [m.fields.surname, application.surname],
        [m.fields.givenN, application.givenN],
        [m.fields.sex, m.sex[application.sex]],
        [m.fields.dob, formatDate(application.dob, language)],
        [m.fields.currentN, country(application.currentNCode, application.currentN)],
      ],
    },
    {
      title: m.sections.passport,
      rows: [
        [m.fields.passport, application.passport],
        [m.fields.issuedCountry, country(application.issuedCountryCode, application.issuedCountry)],
      ],
    },
    {
      title: m.sections.employment,
      rows: [
        [m.fields.jobTitle, jobTitleIn(application.jobTitle, language)],
        [m.fields.company, application.company],
        [m.fields.dutyDuration, application.dutyDuration],
      ],
    },
  ];

  return (
    <ApplicantCopy
      label={`${m.copyTitle}: ${name}`}
      brand={texts.nav.brand}
      title={<p className="mb-0 small text-body-secondary">{m.copyTitle}</p>}
      name={<h2 className="h3 mb-2">{name}</h2>}
      photo={{ src: application.image, alt: m.photoAlt(name), missing: m.noPhoto }}
      details={
        <>
          <p className="mb-2">
            <span className="visually-hidden">{m.statusLabel}: </span>
            <StatusBadge status={application.isStatus} label={status.label} className="status-badge" />
          </p>
          <CaseStage application={application} />
          <StatusDates application={application} date={date} />
        </>
      }
      note={
        <div className="status-explained">
          <h3 className="h6 mb-1">{m.whatItMeans}</h3>
          <p className="mb-2">{status.meaning}</p>
          <h3 className="h6 mb-1">{m.whatNext}</h3>
          <p className="mb-0">{application.waiting ? m.waitingNext : status.next}</p>
        </div>
      }
      sections={sections}
      sectionHeading="h3"
    />
  );
}

/**
 * True once the person has left the page (ADR 0037): the result is taken off it and out of the
 * history entry, so Back on a shared computer, even from the back-forward cache, shows none.
 */
function useLeftPage() {
  const [left, setLeft] = useState(false);
  useEffect(() => {
    const leave = () => {
      setLeft(true);
      try {
        const current = history.state as { usr?: unknown } | null;
        if (current?.usr != null) history.replaceState({ ...current, usr: null }, '');
      } catch {
        return;
      }
    };
    addEventListener('pagehide', leave);
    return () => removeEventListener('pagehide', leave);
  }, []);
  return left;
}

/** The status page: the matched applications, or 'No application data found.' without them. */
export function ViewOnePage() {
  const { language } = useLocale();
  const em = useStatusCheckTexts();
  const m = em.viewOne;
  const location = useLocation();
  // Navigation state exists only in the browser: the prerendered page shows the heading alone.
  const hydrated = useHydrated();
  const left = useLeftPage();
  const applications = hydrated && !left ? readResults(location.state) : [];
  const enquiryPath = localePath(paths.enquiry, language);

  return (
    <div className="container py-4 py-lg-5 view-one">
      <h1 className="page-title">{m.title}</h1>
      {hydrated && applications.length === 0 && (
        <div className="mt-3">
          <p role="status" className="alert alert-secondary">
            {m.noData}
          </p>
          <p className="small text-body-secondary">{m.noLongerHeld}</p>
          <OfficeContact place="notice" />
          <Link className="btn btn-danger" to={enquiryPath}>
            {m.newSearch}
          </Link>
        </div>
      )}
      {applications.length > 0 && (
        <>
          <div className="d-flex flex-wrap gap-2 my-3 no-print">
            <button type="button" className="btn btn-danger" onClick={() => window.print()}>
              {m.print}
            </button>
            <Link className="btn btn-outline-dark" to={enquiryPath}>
              {m.newSearch}
            </Link>
          </div>
          {applications.map((application) => (
            <ResultCopy key={application.passport} application={application} />
          ))}
          <p className="small text-body-secondary mt-3 no-print">{m.privacyNote}</p>
        </>
      )}
    </div>
  );
}
