/**
 * Country names for the pages (ADR 0024): the ISO 3166-1 alpha-2 codes with their English and
 * Bengali names from i18n-iso-countries. Each language's names are a chunk of their own, loaded
 * when a page first needs them, so a page never carries the other language's names and the
 * public pages carry none until the status check form or its answer is shown. Matching typed text
 * to a code runs on the server only (country-matching.ts), with the same names.
 */

export const COUNTRY_LOCALES = ['en', 'bn'] as const;
export type CountryLocale = (typeof COUNTRY_LOCALES)[number];

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. 'BD'. */
  code: string;
  name: string;
}

/** A language file of the package: one name per code, or the usual name first and then other names it goes by. */
export type CountryNameFile = { locale: string; countries: Record<string, string | string[]> };

export const primaryName = (names: string | string[]): string => (Array.isArray(names) ? (names[0] ?? '') : names);

const NAME_FILES: Record<CountryLocale, () => Promise<{ default: CountryNameFile }>> = {
  en: () => import('i18n-iso-countries/langs/en.json', { with: { type: 'json' } }),
  bn: () => import('i18n-iso-countries/langs/bn.json', { with: { type: 'json' } }),
};

/** Every country with its name in the locale, sorted by name as that language sorts. */
export function countryListOf(file: CountryNameFile, locale: CountryLocale): Country[] {
  const collator = new Intl.Collator(locale);
  return Object.entries(file.countries)
    .map(([code, names]) => ({ code, name: primaryName(names) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const loaded = new Map<CountryLocale, Promise<Country[]>>();

/** The locale's country list, loaded once per page. */
export function loadCountries(locale: CountryLocale): Promise<Country[]> {
  let list = loaded.get(locale);
  if (!list) {
    list = NAME_FILES[locale]().then((file) => countryListOf(file.default, locale));
    // A failed load (a dropped connection) is not remembered, so the next page asks again.
    list.catch(() => loaded.delete(locale));
    loaded.set(locale, list);
  }
  return list;
}

/**
 * What an answer's nationality or issuing country reads as on a page: the country's name in the
 * list's language when the answer gives its code, else the answer's own text, which is the
 * English name, or an old value no country matched as it was typed (ADR 0035).
 */
export function countryNameIn(countries: readonly Country[] | undefined, code: string | null | undefined, name: string): string {
  return (code && countries?.find((c) => c.code === code)?.name) ?? name;
}
