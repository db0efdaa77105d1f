import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PublicFooter } from '../../../components/layout/public-footer';
import { PublicNavbar } from '../../../components/layout/public-navbar';
import { ScrollToTop } from '../../../components/layout/scroll-to-top';
import { setLanguage, storedLanguage } from '../../../lib/i18n';

export default function PublicLayout() {
  // Prerendered HTML is English; a remembered Bengali choice is applied after hydration.
  useEffect(() => {
    const lang = storedLanguage();
    if (lang && lang !== 'en') setLanguage(lang);
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicNavbar />
      <main id="main" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
      <PublicFooter />
      <ScrollToTop />
    </>
  );
}
