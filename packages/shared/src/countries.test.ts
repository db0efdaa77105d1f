import { describe, expect, it } from 'vitest';
import { countryListOf, countryNameIn, loadCountries } from './countries.js';
import { countryKey, countryName, matchCountry, storedCountry } from './country-matching.js';

describe('matchCountry', () => {
  it.each(['Bangladesh', 'Bangladeshi', 'BD', 'BGD', 'bd', 'bgd', '  bangladeshi ', 'BANGLADESH', 'বাংলাদেশ'])(
    '%j is Bangladesh',
    (text) => {
      expect(matchCountry(text)).toBe('BD');
    },
  );

  it.each([
    ['India', 'IN'],
    ['Indian', 'IN'],
    ['IND', 'IN'],
    ['Nepal', 'NP'],
    ['Nepalese', 'NP'],
    ['Nepali', 'NP'],
    ['Pakistani', 'PK'],
    ['Sri Lankan', 'LK'],
    ['sri  lanka', 'LK'],
    ['British', 'GB'],
    ['UK', 'GB'],
    ['United Kingdom', 'GB'],
    ['American', 'US'],
    ['Canadian', 'CA'],
    ['Filipino', 'PH'],
    ['Emirati', 'AE'],
    ['Saudi', 'SA'],
    ['Ivory Coast', 'CI'],
    ["Côte d'Ivoire", 'CI'],
    ['cote d’ivoire', 'CI'],
    ['Bosnia & Herzegovina', 'BA'],
    ['ভারত', 'IN'],
  ])('%j is %s', (text, code) => {
    expect(matchCountry(text)).toBe(code);
  });

  it.each(['', '   ', 'x', 'Martian', 'Bangla desh', 'Bangladeshi citizen', '12', 'BDX', 'Dominican', 'Congo', 'Korean'])(
    '%j names no one country',
    (text) => {
      expect(matchCountry(text)).toBeNull();
    },
  );

  it('stores the code when the text names a country and the text as typed when not', () => {
    expect(storedCountry('Bangladeshi')).toBe('BD');
    expect(storedCountry('  Martian ')).toBe('Martian');
    expect(countryKey('bgd')).toBe('BD');
    expect(countryKey('  MARTIAN   citizen ')).toBe('martian citizen');
  });
});

describe('country names', () => {
  it('names a stored code in English or Bengali and leaves other text as it is', () => {
    expect(countryName('BD')).toBe('Bangladesh');
    expect(countryName('BD', 'bn')).toBe('বাংলাদেশ');
    expect(countryName('Martian')).toBe('Martian');
    // Text that happens to be a property of every object names no country either.
    for (const text of ['constructor', '__proto__', 'toString']) {
      expect(countryName(text)).toBe(text);
      expect(countryName(text, 'bn')).toBe(text);
    }
  });

  it('lists every country once, sorted by its name in the language, and loads each language once', async () => {
    const en = await loadCountries('en');
    const bn = await loadCountries('bn');
    expect(en).toHaveLength(new Set(en.map((c) => c.code)).size);
    expect(en.length).toBeGreaterThan(240);
    expect(bn.map((c) => c.code).sort()).toEqual(en.map((c) => c.code).sort());
    expect(en.slice(0, 2).map((c) => c.name)).toEqual(['Afghanistan', 'Åland Islands']);
    const names = en.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(countryNameIn(bn, 'BD', 'Bangladesh')).toBe('বাংলাদেশ');
    expect(countryNameIn(en, null, 'Martian')).toBe('Martian');
    expect(countryNameIn(undefined, 'BD', 'Bangladesh')).toBe('Bangladesh');
    expect(await loadCountries('en')).toBe(en);
  });

  it('takes the first of several names as the one shown', () => {
    expect(countryListOf({ locale: 'en', countries: { CI: ["Cote d'Ivoire", 'Ivory Coast'], BD: 'Bangladesh' } }, 'en')).toEqual([
      { code: 'BD', name: 'Bangladesh' },
      { code: 'CI', name: "Cote d'Ivoire" },
    ]);
  });
});
