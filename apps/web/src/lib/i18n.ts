import { createContext, useContext } from 'react';
import { formatNumber } from '@visa/shared/dates';
import type { PublicTexts } from './locales/en';
import { type Language, LANGUAGE_STORAGE_KEY } from './locales/paths';

/**
 * A deliberately small i18n: each language's layout provides its dictionary through context, so
 * an English page never downloads Bengali strings and vice versa, and no i18n library is shipped
 * to the public pages (ADR 0010). Dictionaries are typed: a missing Bengali key is a type error.
 */
export interface Locale {
  language: Language;
  texts: PublicTexts;
  /**
   * The language the site's own links lead to. It is the page's language, except on pages that
   * exist in English only (login), where links follow the visitor's remembered language.
   */
  linkLanguage: Language;
}

/** Provided by the public layouts; no default, so neither dictionary is loaded by a page that does not use it. */
export const LocaleContext = createContext<Locale | null>(null);

export const useLocale = (): Locale => {
  const locale = useContext(LocaleContext);
  if (!locale) throw new Error('useLocale() needs a public layout (LocaleContext) above it');
  return locale;
};

export const rememberLanguage = (language: Language) => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be disabled (private mode, policy); the URL still carries the language.
    return;
  }
};

export const rememberedLanguage = (): Language | null => {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'bn' || value === 'en' ? value : null;
  } catch {
    return null;
  }
};

/** A number in the page's digits: Bengali digits on Bengali pages (the one number formatter, @visa/shared/dates). */
export const localDigits = (value: number, language: Language): string => formatNumber(value, language);
