import { useEffect, useState } from 'react';
import { type Country, type CountryLocale, loadCountries } from '@visa/shared/countries';

/**
 * The locale's country list (ADR 0024), loaded the first time a page needs it (a small chunk of
 * its own); undefined until it is there. An answer's countries show in English meanwhile.
 */
export function useCountries(locale: CountryLocale): Country[] | undefined {
  const [loaded, setLoaded] = useState<{ locale: CountryLocale; countries: Country[] }>();
  useEffect(() => {
    let current = true;
    loadCountries(locale).then(
      (countries) => current && setLoaded({ locale, countries }),
      // A failed load leaves the English names showing; the next page that needs the list asks again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.countries : undefined;
}
