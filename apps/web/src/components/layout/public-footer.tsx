import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function PublicFooter() {
  const { t } = useTranslation();
  const links = [
    { to: paths.terms, label: t('footer.terms') },
    { to: paths.about, label: t('footer.services') },
    { to: paths.about, label: t('footer.about') },
    { to: paths.home, label: t('footer.home') },
    { to: paths.enquiry, label: t('footer.enquiry') },
    { to: paths.login, label: t('footer.login') },
  ];
  return (
    <footer className="site-footer py-4 mt-5">
      <div className="container">
        <p className="mb-3">{t('footer.tagline')}</p>
        <nav aria-label="Footer">
          <ul className="list-inline mb-3">
            {links.map((l) => (
              <li className="list-inline-item me-3" key={l.label}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="small mb-0">
          © {new Date().getFullYear()} {t('nav.brand')}. {t('footer.rights')}
        </p>
      </div>
    </footer>
  );
}
