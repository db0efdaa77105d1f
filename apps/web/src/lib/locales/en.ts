/**
 * English strings of the public layout (navigation, footer and the bits every page shares). Page
 * copy lives with its feature (features/marketing/content, features/status-check/locales.ts), so a page
 * downloads only its own words. The product's wording is kept exactly (docs/product.md#messages).
 */
export const en = {
  skipLink: 'Skip to content',
  nav: {
    label: 'Main',
    home: 'HOME',
    enquiry: 'VISA ENQUIRY',
    login: 'LOGIN',
    toggle: 'Menu',
    brand: 'Canada Visa Desk',
    /** The link to the other language, written in that language. */
    otherLanguage: 'বাংলা',
  },
  footer: {
    label: 'Footer',
    terms: 'Terms',
    privacy: 'Privacy notice',
    services: 'Services',
    about: 'About',
    home: 'Home',
    enquiry: 'Visa Enquiry',
    login: 'Login',
    rights: 'All rights reserved.',
    tagline: 'Helping people from Bangladesh apply for Canadian work, visit and student visas.',
    notGovernment: 'We are a private consultancy, not a government office. Visa decisions are made by the Government of Canada.',
  },
  scrollTop: 'Back to top',
  newTab: '(opens in a new tab)',
  onThisPage: 'On this page',
  notFound: {
    metaTitle: 'Page not found',
    title: 'Page not found',
    text: 'There is no page at this address. It may have moved, or the link may be mistyped.',
    linksLabel: 'Pages of this site',
  },
};
export type PublicTexts = typeof en;
