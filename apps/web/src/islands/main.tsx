import type { ReactNode } from 'react';
import { PublicNavbar } from '../components/layout/public-navbar';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { type Island, PUBLIC_PAGES, paths } from '../config/paths';
import { StatusCheckPage } from '../features/status-check/components/status-check-page';
import { ViewOnePage } from '../features/status-check/components/view-one-page';
import { Hero } from '../features/marketing/components/hero';
import { WhenVisible } from '../features/marketing/components/when-visible';
import { type Locale, LocaleContext, rememberLanguage } from '../lib/i18n';
import { bn } from '../lib/locales/bn';
import { en } from '../lib/locales/en';
import { basePath, languageOfPath, localePath } from '../lib/locales/paths';
import { loadHomeCarousel } from '../app/routes/public/load-carousel';
import { formsReady } from '../lib/page-form';
import { appendIsland, hydrateIsland } from './mount';

/**
 * The public pages' only script (ADR 0029). Their HTML is React's prerender; this gives the parts
 * that do something their behaviour, with the same components rendered by Preact: the navbar, the
 * back-to-top button, and the islands the public page table (PUBLIC_PAGES in config/paths.ts) lists for
 * this page: the hero video and the carousel, the status check, the result. Everything else on a public page is plain HTML, and its links are plain links.
 */
const language = languageOfPath(location.pathname);
const locale: Locale = { language, messages: language === 'bn' ? bn : en, linkLanguage: language };
// The language of the last bilingual page read is the one the site opens in next time (ADR 0010).
rememberLanguage(language);

const withLocale = (node: ReactNode) => <LocaleContext.Provider value={locale}>{node}</LocaleContext.Provider>;
const page = basePath(location.pathname).replace(/(.)\/+$/, '$1');
const main = document.getElementById('main');

hydrateIsland(document.querySelector('body > header'), withLocale(<PublicNavbar />));
appendIsland(document.body, withLocale(<ScrollToTop />));

/** How each island of the public page table is mounted over this page's HTML. */
const mount: Record<Island, () => void> = {
  hero: () => {
    const copy = language === 'bn' ? import('../features/marketing/content/home.bn') : import('../features/marketing/content/home.en');
    void copy.then((module) => {
      const hero = 'homeBn' in module ? module.homeBn.hero : module.homeEn.hero;
      hydrateIsland(document.querySelector('main section.hero'), <Hero copy={hero} enquiryPath={localePath(paths.enquiry, language)} />);
    });
  },
  carousel: () =>
    hydrateIsland(
      document.querySelector('main .carousel-placeholder'),
      withLocale(<WhenVisible load={loadHomeCarousel} className="carousel-placeholder" />),
    ),
  statusCheck: () => hydrateIsland(main?.firstElementChild ?? null, withLocale(<StatusCheckPage />)),
  viewOne: () => hydrateIsland(main?.firstElementChild ?? null, withLocale(<ViewOnePage />)),
  // Loaded only on the applicant's document page (ADR 0046); its upload code loads when a file is chosen.
  documents: () =>
    void import('../features/document-requests/components/documents-page').then(({ DocumentsPage }) =>
      hydrateIsland(main?.firstElementChild ?? null, withLocale(<DocumentsPage />)),
    ),
};

for (const island of PUBLIC_PAGES.find((entry) => entry.path === page)?.islands ?? []) mount[island]();
// The islands have hydrated: a form submitted before is sent now (ADR 0037).
formsReady();
