import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EnquiryApplication } from '@visa/shared/enquiry';
import { PRIVACY_WORDS } from '@visa/shared/privacy-notice-view';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../lib/i18n';
import { useStatusCheckTexts } from '../locales';
import { localePath } from '../../../lib/locales/paths';
import { StatusCheckForm } from './status-check-form';
import { StatusGuide } from './status-guide';

/** The results travel to the status page in navigation state, never in the URL (docs/product.md#status-check). */
export interface ViewOneState {
  applications: EnquiryApplication[];
}

/** The status check, what each status means, and the staff login button (docs/product.md#public-pages). */
export function StatusCheckPage() {
  const { language } = useLocale();
  const em = useStatusCheckTexts();
  const m = em.enquiry;
  const navigate = useNavigate();
  const onMatch = useCallback(
    (applications: EnquiryApplication[]) => {
      const state: ViewOneState = { applications };
      void navigate(localePath(paths.viewOne, language), { state });
    },
    [navigate, language],
  );

  return (
    <div className="container py-4 py-lg-5">
      <div className="row g-4 g-lg-5">
        <div className="col-lg-7">
          <h1 className="page-title">{m.title}</h1>
          <p className="lead">{m.intro}</p>
          <StatusCheckForm onMatch={onMatch} />
          <p className="small mt-3 mb-0">
            {PRIVACY_WORDS[language].formNote} <a href={localePath(paths.privacy, language)}>{PRIVACY_WORDS[language].link}</a>
          </p>
        </div>
        <div className="col-lg-5">
          <StatusGuide />
          <aside className="staff-box" aria-labelledby="staff-box-title">
            <h2 id="staff-box-title" className="h5">
              {m.staffTitle}
            </h2>
            <p>{m.staffText}</p>
            <Link className="btn btn-outline-dark" to={paths.login}>
              {m.staffLogin}
            </Link>
          </aside>
        </div>
      </div>
    </div>
  );
}
