import type { Language } from '../lib/locales/paths';

/**
 * Every route path, typed once (docs/product.md#pages-and-routes). The staff addresses keep the
 * earlier app's spelling so bookmarks still work; everything else names them by what they do.
 */
export const paths = {
  home: '/',
  terms: '/terms',
  about: '/about',
  enquiry: '/enquiry',
  viewOne: '/view-one',
  /** An applicant's document list, opened from the link sent to the applicant; its token travels after `#` (ADR 0046). */
  documents: '/documents',
  /** The applicant's pay page, opened from a payment link; its token travels after `#` (ADR 0091). */
  pay: '/pay',
  /** The office's privacy notice, filled in by the server (ADR 0053). */
  privacy: '/privacy',
  /** The public check of a receipt, opened from its QR code; the code travels after `#` (ADR 0088). */
  receipt: '/receipt',
  login: '/login',
  forgotPassword: '/forgot-password',
  /** Opened from the link sent to the applicant; the token travels after `#`, never to the server's logs. */
  resetPassword: '/reset-password',
  profile: '/profile',
  settings: '/setting',
  dashboard: '/dashboard',
  /** The signed-in member's open IRCC letters by deadline (ADR 0079). */
  myWork: '/myWork',
  staffList: '/userManagement',
  staffNew: '/addUserManagement',
  staffEdit: '/editUserManagement',
  applicationList: '/application',
  applicationNew: '/addUserApplication',
  applicationEdit: '/editApplication',
  /** The applicant file opened with the application in navigation state. */
  applicationFile: '/userView',
  /** The applicant file loaded by id, so it survives a reload and can be bookmarked. */
  applicationFileById: '/updateApplicationView/:id',
  /** The passports the office holds now (ADR 0082). */
  heldPassports: '/passports',
  /** The office's money: money in, who owes, the accountant's CSV (ADR 0092); super-admins. */
  reports: '/reports',
  slideList: '/slider',
  slideNew: '/addSliders',
  slideEdit: '/editSlider',
} as const;

/**
 * A behaviour the islands script gives a public page, besides the navbar and the back-to-top
 * button every such page gets (src/islands/main.tsx mounts them, ADR 0029).
 */
export type Island = 'hero' | 'carousel' | 'statusCheck' | 'viewOne' | 'signIn' | 'documents' | 'pay' | 'receipt';

export interface PublicPage {
  /** Its English path; a page in Bengali too has its twin under /bn (`localePath`, ADR 0010). */
  path: string;
  languages: readonly Language[];
  /**
   * The islands this page mounts once the build has swapped the React Router app's scripts for the
   * islands script; `null` for a page that keeps the app. A page with `signIn` (the sign-in pages'
   * forms, ADR 0050) gets the sign-in pages' own islands script (src/islands/sign-in.tsx) instead.
   */
  islands: readonly Island[] | null;
}

/**
 * The public pages: the pages prerendered at build time, in each of their languages (every other
 * route gets the SPA shell, ADR 0004), and what each one loads. The prerender list, the islands
 * entry and the build's script swap all read this table (the build through `public-pages.json`,
 * written by react-router.config.ts). The sitemap and the remembered-language script list the
 * bilingual pages in this order, so moving one changes that script and its CSP hash.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: paths.home, languages: ['en', 'bn'], islands: ['hero', 'carousel'] },
  { path: paths.enquiry, languages: ['en', 'bn'], islands: ['statusCheck'] },
  { path: paths.about, languages: ['en', 'bn'], islands: [] },
  { path: paths.terms, languages: ['en', 'bn'], islands: [] },
  { path: paths.viewOne, languages: ['en', 'bn'], islands: ['viewOne'] },
  { path: paths.login, languages: ['en'], islands: ['signIn'] },
  { path: paths.forgotPassword, languages: ['en'], islands: ['signIn'] },
  { path: paths.resetPassword, languages: ['en'], islands: ['signIn'] },
  { path: paths.documents, languages: ['en', 'bn'], islands: ['documents'] },
  { path: paths.privacy, languages: ['en', 'bn'], islands: [] },
  { path: paths.pay, languages: ['en', 'bn'], islands: ['pay'] },
  { path: paths.receipt, languages: ['en', 'bn'], islands: ['receipt'] },
];

/** The public pages' English paths. */
export const PUBLIC_PATHS = PUBLIC_PAGES.map((page) => page.path);
