import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bn } from './locales/bn';
import { en } from './locales/en';

export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'lang';

// Initialised synchronously in English so prerendered HTML and the first client render agree;
// a remembered Bengali choice is applied right after hydration (see useRememberedLanguage).
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, bn: { translation: bn } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export const i18n = i18next;

export const storedLanguage = (): Language | null => {
  if (typeof window === 'undefined') return null;
  const value = window.localStorage.getItem(LANGUAGE_KEY);
  return value === 'bn' || value === 'en' ? value : null;
};

export function setLanguage(language: Language) {
  void i18next.changeLanguage(language);
  if (typeof window !== 'undefined') window.localStorage.setItem(LANGUAGE_KEY, language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
