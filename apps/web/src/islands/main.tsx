import { type Island, PUBLIC_PAGES, paths } from '../config/paths';
import { StatusCheckPage } from '../features/status-check/components/status-check-page';
import { ViewOnePage } from '../features/status-check/components/view-one-page';
import { Hero } from '../features/marketing/components/hero';
import { WhenVisible } from '../features/marketing/components/when-visible';
import { bn } from '../lib/locales/bn';
import { en } from '../lib/locales/en';
import { localePath } from '../lib/locales/paths';
import { loadHomeCarousel } from '../app/routes/public/load-carousel';
import { formsReady } from '../lib/page-form';
import { hydrateIsland } from './mount';
import { startPage } from './page-shell';

/**
 * The public pages' only script (ADR 0029); the sign-in pages have their own (sign-in.tsx, ADR
 * 0050). Their HTML is React's prerender; this gives the parts that do something their behaviour,
 * with the same components rendered by Preact: the navbar, the back-to-top button, and the islands
 * the public page table (PUBLIC_PAGES in config/paths.ts) lists for this page: the hero video and
 * the carousel, the status check, the result. Everything else on a public page is plain HTML, and
 * its links are plain links.
 */
const { language, withLocale, page, main } = startPage((lang) => (lang === 'bn' ? bn : en));

/** How each island of the public page table is mounted over this page's HTML (`signIn` is sign-in.tsx's). */
const mount: Record<Exclude<Island, 'signIn'>, () => void> = {
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
  // Loaded only on the applicant's pay page (ADR 0091).
  pay: () =>
    void import('../features/payments/pay-page').then(({ PayPage }) =>
      hydrateIsland(main?.firstElementChild ?? null, withLocale(<PayPage />)),
    ),
  // The public check of a receipt (ADR 0088), loaded only on its page.
  receipt: () =>
    void import('../features/receipt-check/components/receipt-check-page').then(({ ReceiptCheckPage }) =>
      hydrateIsland(main?.firstElementChild ?? null, withLocale(<ReceiptCheckPage />)),
    ),
};

for (const island of PUBLIC_PAGES.find((entry) => entry.path === page)?.islands ?? []) if (island !== 'signIn') mount[island]();
// The islands have hydrated: a form submitted before is sent now (ADR 0037).
formsReady();
