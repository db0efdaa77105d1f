import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import bn from 'i18n-iso-countries/langs/bn.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import worldCountriesPackage, { type Countries } from 'world-countries';
import { type CountryLocale, type CountryNameFile, primaryName } from './countries.js';

/**
 * Typed text to a country (ADR 0024), on the server only: the tables below are far larger than
 * the names a page needs. A country is found by its alpha-2 or alpha-3 code, by any English or
 * Bengali name i18n-iso-countries gives it (official name and the other names it goes by), by the
 * names world-countries gives it, or by its English demonym ('Bangladeshi').
 */

const NAME_FILES: Record<CountryLocale, CountryNameFile> = { en, bn };
// The package's main entry is CommonJS (module.exports = the list), but its types declare an ES
// default export, which NodeNext reads as a property of the exports object: the value is the list.
const worldCountries = worldCountriesPackage as unknown as Countries;

/**
 * One spelling per text: case, spacing, Latin accents and punctuation do not count
 * ("cote d'ivoire" is "Côte d’Ivoire", "Bosnia & Herzegovina" is "Bosnia and Herzegovina").
 * Only the Latin accents are dropped: Bengali vowel signs are combining marks too, and they matter.
 */
function matchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

const known = new Set(Object.keys(en.countries));
const independent = new Set(worldCountries.filter((c) => c.independent).map((c) => c.cca2));

/**
 * Texts of one kind (codes, names, demonyms) and the countries they may mean. A text claimed by
 * several countries means the one independent state among them ('Indian' is India, not the
 * British Indian Ocean Territory); when that does not settle it ('Dominican', 'Congo'), it means
 * none: a wrong country is worse than asking for a choice from the list.
 */
function tier(entries: Iterable<[text: string, code: string]>): Map<string, string | null> {
  const claims = new Map<string, Set<string>>();
  for (const [text, code] of entries) {
    const key = matchKey(text);
    if (!key || !known.has(code)) continue;
    const set = claims.get(key) ?? new Set<string>();
    set.add(code);
    claims.set(key, set);
  }
  const tierMap = new Map<string, string | null>();
  for (const [key, set] of claims) {
    const candidates = set.size === 1 ? [...set] : [...set].filter((code) => independent.has(code));
    tierMap.set(key, candidates.length === 1 ? candidates[0]! : null);
  }
  return tierMap;
}

function* codeEntries(): Generator<[string, string]> {
  for (const [alpha2, alpha3] of codes) {
    yield [alpha2!, alpha2!];
    yield [alpha3!, alpha2!];
  }
}

function* nameEntries(): Generator<[string, string]> {
  for (const file of Object.values(NAME_FILES)) {
    for (const [code, names] of Object.entries(file.countries)) {
      for (const name of Array.isArray(names) ? names : [names]) yield [name, code];
    }
  }
  for (const c of worldCountries) {
    yield [c.name.common, c.cca2];
    yield [c.name.official, c.cca2];
    // Two- and three-letter spellings are codes, and the codes tier has them right.
    for (const spelling of c.altSpellings) if (spelling.length > 3) yield [spelling, c.cca2];
  }
}

/**
 * Demonyms people here use that world-countries does not list. 'Nepali' was one of the earlier
 * status check's suggestions, so stored nationalities hold it.
 */
const MORE_DEMONYMS: [string, string][] = [['Nepali', 'NP']];

function* demonymEntries(): Generator<[string, string]> {
  yield* MORE_DEMONYMS;
  for (const c of worldCountries) {
    const eng = c.demonyms.eng;
    if (eng) {
      yield [eng.m, c.cca2];
      yield [eng.f, c.cca2];
    }
  }
}

/** Codes first, then names, then demonyms: a text that is a code or a name means that country. */
const TIERS = [tier(codeEntries()), tier(nameEntries()), tier(demonymEntries())];

/** The ISO 3166-1 alpha-2 code of the country a text names, or null when it names none (or more than one). */
export function matchCountry(text: string): string | null {
  const key = matchKey(text);
  if (!key) return null;
  for (const t of TIERS) {
    if (t.has(key)) return t.get(key) ?? null;
  }
  return null;
}

/** How a nationality or issuing country is stored: the country's code when the text names one, else the text as typed. */
export const storedCountry = (text: string): string => matchCountry(text) ?? text.trim();

/**
 * The key two nationalities are compared by (the status check, the staff search): the country's
 * code, or for text no country matches, the text ignoring case and spacing.
 */
export const countryKey = (text: string): string => matchCountry(text) ?? text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A stored value as the server writes it out (every answer, ADR 0035): the English name, or the text as typed. */
export function countryName(value: string, locale: CountryLocale = 'en'): string {
  // Own keys only: text as typed such as "constructor" or "__proto__" names no country.
  const { countries } = NAME_FILES[locale];
  return Object.hasOwn(countries, value) ? primaryName(countries[value]!) : value;
}

/** The code a stored value holds, or null for text as typed that named no country. */
export const countryCode = (value: string): string | null => (Object.hasOwn(en.countries, value) ? value : null);
