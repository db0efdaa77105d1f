import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { pageMeta } from '../../../../features/marketing/seo';
import { localDigits } from '../../../../lib/i18n';
import { bn } from '../../../../lib/locales/bn';
import { localePath } from '../../../../lib/locales/paths';

export const meta = () => pageMeta({ language: 'bn', title: bn.notFound.metaTitle, description: bn.notFound.text, noindex: true });

const LINKS = [
  { path: paths.home, label: bn.nav.home },
  { path: paths.enquiry, label: bn.nav.enquiry },
  { path: paths.about, label: bn.footer.about },
  { path: paths.terms, label: bn.footer.terms },
];

/**
 * An unknown address under /bn: the visitor chose Bengali, so they are told so in Bengali and
 * offered the Bengali pages, instead of being sent to the English home page (ADR 0020).
 */
export default function BengaliNotFound() {
  // Served from the app shell, whose HTML was written for an English page: the page's language is Bengali.
  useEffect(() => {
    document.documentElement.lang = 'bn';
  }, []);
  return (
    <div className="container py-5">
      <p className="display-6 mb-1" aria-hidden="true">
        {localDigits(404, 'bn')}
      </p>
      <h1 className="page-title">{bn.notFound.title}</h1>
      <p>{bn.notFound.text}</p>
      <nav aria-label={bn.notFound.linksLabel}>
        <ul className="list-unstyled d-flex flex-wrap gap-2">
          {LINKS.map(({ path, label }) => (
            <li key={path}>
              <Link className="btn btn-outline-dark" to={localePath(path, 'bn')}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
