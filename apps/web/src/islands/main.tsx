import type { ReactNode } from 'react';
import { PublicNavbar } from '../components/layout/public-navbar';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { type Island, PUBLIC_PAGES, paths } from '../config/paths';
import { StatusCheckPage } from '../features/status-check/components/status-check-page';
import { ViewOnePage } from '../features/status-check/components/view-one-page';
import { Hero } from '../features/marketing/components/hero';
import { WhenVisible } from '../features/marketing/components/when-visible';
import { type Locale, LocaleContext, rememberLanguage, rememberedLanguage } from '../lib/i18n';
import { bn } from '../lib/locales/bn';
import { en } from '../lib/locales/en';
import { basePath, isBilingualPath, languageOfPath, localePath } from '../lib/locales/paths';
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
// The language of the last bilingual page read is the one the site opens in next time (ADR 0010);
// an English-only page (the sign-in pages) keeps it, and its navbar links follow it, as in the app.
const bilingual = isBilingualPath(location.pathname);
if (bilingual) rememberLanguage(language);
const linkLanguage = bilingual ? language : (rememberedLanguage() ?? language);
const locale: Locale = { language, messages: language === 'bn' ? bn : en, linkLanguage };

const withLocale = (node: ReactNode) => <LocaleContext.Provider value={locale}>{node}</LocaleContext.Provider>;
const page = basePath(location.pathname).replace(/(.)\/+$/, '$1');
const main = document.getElementById('main');

hydrateIsland(document.querySelector('body > header'), withLocale(<PublicNavbar />));
appendIsland(document.body, withLocale(<ScrollToTop />));

/** How each island of the public page table is mounted over this page's HTML; some finish later. */
const mount: Record<Island, () => void | Promise<void>> = {
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
  // The sign-in forms, in their own chunk (ADR 0050).
  signIn: () =>
    import('./sign-in').then(({ signInPages }) => {
      const Page =
        { [paths.login]: signInPages.login, [paths.forgotPassword]: signInPages.forgotPassword }[page] ?? signInPages.resetPassword;
      hydrateIsland(main?.firstElementChild ?? null, <Page />);
    }),
};

const mounted = (PUBLIC_PAGES.find((entry) => entry.path === page)?.islands ?? []).map((island) => mount[island]());
// The islands have hydrated: a form submitted before is sent now (ADR 0037). If a chunk failed to
// load, its form has no handler, and the held submission goes as the plain POST it falls back to.
void Promise.allSettled(mounted).then(formsReady);
