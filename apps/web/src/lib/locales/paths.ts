import { PUBLIC_PAGES } from '../../config/paths';

/**
 * Which language a public URL is in. English keeps the unprefixed paths; Bengali lives under /bn
 * (ADR 0010), so each language has its own prerendered HTML. Kept free of React so that routes.ts
 * and react-router.config.ts can use it at build time.
 */
export type Language = 'en' | 'bn';

const BENGALI_PREFIX = '/bn';

/** Public pages that exist in both languages. /login and the staff area are English only. */
export const BILINGUAL_PATHS = PUBLIC_PAGES.filter((page) => page.languages.includes('bn')).map((page) => page.path);

export const languageOfPath = (pathname: string): Language =>
  pathname === BENGALI_PREFIX || pathname.startsWith(`${BENGALI_PREFIX}/`) ? 'bn' : 'en';

/** The path without its language prefix: '/bn/terms' → '/terms', '/bn' → '/'. */
export const basePath = (pathname: string): string =>
  languageOfPath(pathname) === 'bn' ? pathname.slice(BENGALI_PREFIX.length) || '/' : pathname;

/** A path in a language: localePath('/terms', 'bn') → '/bn/terms'. Hash and query are kept. */
export const localePath = (path: string, language: Language): string => {
  if (language === 'en') return path;
  return path === '/' || path.startsWith('/#') || path.startsWith('/?') ? `${BENGALI_PREFIX}${path.slice(1)}` : `${BENGALI_PREFIX}${path}`;
};

const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

export const isBilingualPath = (pathname: string): boolean => BILINGUAL_PATHS.includes(withoutTrailingSlash(basePath(pathname)));

/** Every prerendered URL of the Bengali site. */
export const BENGALI_PATHS = BILINGUAL_PATHS.map((p) => localePath(p, 'bn'));

/** Where the remembered language is kept (local storage). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/**
 * Runs in <head> before the first paint: a visitor who last read the site in Bengali and arrives
 * from elsewhere on an English page is sent to its Bengali twin, so there is no English flash.
 * Navigation inside the site (same-origin referrer) is always left alone: that was a choice.
 */
export const rememberedLanguageScript = (): string => {
  const map = Object.fromEntries(BILINGUAL_PATHS.map((p) => [p, localePath(p, 'bn')]));
  return (
    `try{var t=${JSON.stringify(map)}[location.pathname.replace(/(.)\\/+$/,'$1')];` +
    `if(t&&localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)})==='bn'&&document.referrer.indexOf(location.origin+'/')!==0)` +
    `location.replace(t+location.search+location.hash)}catch(e){}`
  );
};
