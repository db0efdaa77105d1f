import { describe, expect, it } from 'vitest';
import { aboutBn } from './about.bn';
import { aboutEn } from './about.en';
import { homeBn } from './home.bn';
import { homeEn } from './home.en';
import { termsBn } from './terms.bn';
import { termsEn } from './terms.en';

/** Every string in a copy object, with where it is. */
const strings = (value: unknown, at = ''): [string, string][] =>
  typeof value === 'string'
    ? [[at, value]]
    : Array.isArray(value)
      ? value.flatMap((v, i) => strings(v, `${at}[${i}]`))
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k))
        : [];

describe('page copy', () => {
  it('keeps the product wording in English', () => {
    expect(homeEn.hero.title).toBe('CANADIAN VISA');
    expect(homeEn.hero.subtitle).toBe('( Work, Visit, Student )');
    expect(homeEn.hero.cta).toBe('CHECK APPLICATION STATUS');
    expect(homeEn.howWeWork.heading).toBe('How Do We Work?');
    expect(homeEn.howWeWork.steps.map((s) => s.title)).toEqual(['Assessment', 'Processing and Communication', 'Result']);
    expect(homeEn.eligibility.heading).toBe('Apply and Check your eligibility');
    expect(homeEn.process.heading).toBe('Our Application Process');
    expect(homeEn.process.steps).toHaveLength(4);
    expect(homeEn.timing.processing).toBe('Processing takes 3 to 5 weeks.');
    expect(homeEn.timing.delivery).toBe('Visa delivery takes an additional 2 business days after approval.');
    expect(homeEn.eligibility.href).toMatch(/^https:\/\/www\.canada\.ca\//);
  });

  it('covers the six subjects of the terms', () => {
    expect(termsEn.sections.map((s) => s.heading)).toEqual(
      expect.arrayContaining([
        'Application process',
        'Privacy',
        'Eligibility',
        'Visa application centres',
        'Entry requirements',
        'Legal notices',
      ]),
    );
  });

  it.each([
    ['home', homeEn, homeBn],
    ['terms', termsEn, termsBn],
    ['about', aboutEn, aboutBn],
  ])('%s: the Bengali copy has the same shape as the English, nothing empty, no Latin digits', (_name, english, bengali) => {
    const en = strings(english);
    const bn = strings(bengali);
    expect(bn.map(([at]) => at)).toEqual(en.map(([at]) => at));
    for (const [at, text] of [...en, ...bn]) expect(text.trim(), at).not.toBe('');
    // Numbers read in Bengali digits; identifiers such as IRCC, LMIA and the link are exempt.
    for (const [at, text] of bn) if (!at.endsWith('href') && !at.endsWith('id')) expect(text, at).not.toMatch(/[0-9]/);
  });

  it('gives every section of a text page a unique anchor, including #services on About', () => {
    for (const copy of [termsEn, termsBn, aboutEn, aboutBn]) {
      const ids = copy.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(aboutEn.sections.map((s) => s.id)).toContain('services');
  });
});
