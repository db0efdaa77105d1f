import type { ReactNode } from 'react';
import { PublicNavbar } from '../components/layout/public-navbar';
import { ScrollToTop } from '../components/layout/scroll-to-top';
import { type Locale, LocaleContext, rememberLanguage, rememberedLanguage } from '../lib/i18n';
import { type Language, basePath, isBilingualPath, languageOfPath } from '../lib/locales/paths';
import { appendIsland, hydrateIsland } from './mount';

/**
 * What every islands page starts with (ADR 0029): its language, the navbar and the back-to-top
 * button. Both islands entries call it: main.tsx for the public pages, sign-in.tsx for the sign-in
 * pages (ADR 0050), each with the dictionaries its pages can need.
 */
export function startPage(textsFor: (language: Language) => Locale['texts']) {
  const language = languageOfPath(location.pathname);
  // The language of the last bilingual page read is the one the site opens in next time (ADR 0010);
  // an English-only page (the sign-in pages) keeps it, and its navbar links follow it, as in the app.
  const bilingual = isBilingualPath(location.pathname);
  if (bilingual) rememberLanguage(language);
  const linkLanguage = bilingual ? language : (rememberedLanguage() ?? language);
  const locale: Locale = { language, texts: textsFor(language), linkLanguage };

  const withLocale = (node: ReactNode) => <LocaleContext.Provider value={locale}>{node}</LocaleContext.Provider>;
  const page = basePath(location.pathname).replace(/(.)\/+$/, '$1');
  const main = document.getElementById('main');

  hydrateIsland(document.querySelector('body > header'), withLocale(<PublicNavbar />));
  appendIsland(document.body, withLocale(<ScrollToTop />));
  return { language, withLocale, page, main };
}
