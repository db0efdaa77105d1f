import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../lib/i18n';
import { localDigits } from '../../lib/i18n';
import { localePath } from '../../lib/locales/paths';
import { OfficeContact } from '../office-contact';

/** Footer links (docs/product.md#navigation): Terms, Privacy notice, Services and About (both /about), Home, Visa Enquiry, Login. */
export function PublicFooter() {
  const { language, texts, linkLanguage } = useLocale();
  const m = texts.footer;
  const to = (path: string) => localePath(path, linkLanguage);
  const links = [
    { to: to(paths.terms), label: m.terms },
    { to: to(paths.privacy), label: m.privacy },
    { to: to(`${paths.about}#services`), label: m.services },
    { to: to(paths.about), label: m.about },
    { to: to(paths.home), label: m.home },
    { to: to(paths.enquiry), label: m.enquiry },
    { to: paths.login, label: m.login },
  ];
  return (
    <footer className="site-footer py-4">
      <div className="container">
        <div className="row gy-3 align-items-start">
          <div className="col-lg-5">
            <p className="fw-semibold mb-1">{texts.nav.brand}</p>
            <p className="mb-2">{m.tagline}</p>
            <p className="small mb-0 footer-muted">{m.notGovernment}</p>
            <OfficeContact place="footer" />
          </div>
          <nav className="col-lg-7" aria-label={m.label}>
            <ul className="footer-links list-unstyled mb-0">
              {links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="small mb-0 mt-3 footer-muted">
          © <span suppressHydrationWarning>{localDigits(new Date().getFullYear(), language)}</span> {texts.nav.brand}. {m.rights}
        </p>
      </div>
    </footer>
  );
}
