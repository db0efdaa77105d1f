import { Link, useLocation } from 'react-router';
import type { EnquiryApplication } from '@visa/shared/enquiry';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../lib/i18n';
import { useEnquiryMessages } from '../locales';
import { localePath } from '../../../lib/locales/paths';
import { useHydrated } from '../hooks/use-hydrated';
import { ApplicantCopy } from './applicant-copy';
import type { ViewOneState } from './enquiry-page';

/** Navigation state is whatever the history holds; only a list of applicant copies is shown. */
const readResults = (state: unknown): EnquiryApplication[] => {
  const applications = (state as Partial<ViewOneState> | null)?.applications;
  if (!Array.isArray(applications)) return [];
  return applications.filter(
    (a): a is EnquiryApplication => typeof a === 'object' && a !== null && typeof a.surname === 'string' && typeof a.passport === 'string',
  );
};

/** /view-one: the matched applications, or 'No application data found.' without them (spec §2). */
export function ViewOnePage() {
  const { language } = useLocale();
  const em = useEnquiryMessages();
  const m = em.viewOne;
  const location = useLocation();
  // Navigation state exists only in the browser: the prerendered page shows the heading alone.
  const hydrated = useHydrated();
  const applications = hydrated ? readResults(location.state) : [];
  const enquiryPath = localePath(paths.enquiry, language);

  return (
    <div className="container py-4 py-lg-5 view-one">
      <h1 className="page-title">{m.title}</h1>
      {hydrated && applications.length === 0 && (
        <div className="mt-3">
          <p role="status" className="alert alert-secondary">
            {m.noData}
          </p>
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
            <ApplicantCopy key={application.passport} application={application} />
          ))}
          <p className="small text-body-secondary mt-3 no-print">{m.privacyNote}</p>
        </>
      )}
    </div>
  );
}
