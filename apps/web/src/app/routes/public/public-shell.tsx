import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PublicFooter } from '../../../components/layout/public-footer';
import { PublicNavbar } from '../../../components/layout/public-navbar';
import { ScrollToTop } from '../../../components/layout/scroll-to-top';
import { type Locale, LocaleContext, rememberLanguage, rememberedLanguage } from '../../../lib/i18n';
import { isBilingualPath, languageOfPath } from '../../../lib/locales/paths';

/** Navbar, main and footer of every public page, in the language its URL names (ADR 0010). */
export function PublicShell({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const [linkLanguage, setLinkLanguage] = useState(locale.language);
  // The language of the last bilingual page read is the one the site opens in next time.
  useEffect(() => {
    if (isBilingualPath(pathname)) {
      rememberLanguage(locale.language);
      setLinkLanguage(locale.language);
    } else {
      // Under /bn the address itself says Bengali (an unknown page there, ADR 0020).
      setLinkLanguage(languageOfPath(pathname) === 'bn' ? 'bn' : (rememberedLanguage() ?? locale.language));
    }
  }, [pathname, locale.language]);
  const value = useMemo(() => ({ ...locale, linkLanguage }), [locale, linkLanguage]);

  return (
    <LocaleContext.Provider value={value}>
      <a className="skip-link" href="#main">
        {locale.texts.skipLink}
      </a>
      <PublicNavbar />
      <main id="main" className="public-main" tabIndex={-1}>
        <Outlet />
      </main>
      <PublicFooter />
      <ScrollToTop />
    </LocaleContext.Provider>
  );
}
