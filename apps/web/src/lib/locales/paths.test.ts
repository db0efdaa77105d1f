import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { BENGALI_PATHS, basePath, isBilingualPath, languageOfPath, localePath, rememberedLanguageScript } from './paths';

describe('language of a URL', () => {
  it('puts Bengali under /bn and leaves English at the unprefixed paths', () => {
    expect(localePath(paths.home, 'bn')).toBe('/bn');
    expect(localePath(paths.terms, 'bn')).toBe('/bn/terms');
    expect(localePath(`${paths.about}#services`, 'bn')).toBe('/bn/about#services');
    expect(localePath(paths.terms, 'en')).toBe('/terms');
    expect(BENGALI_PATHS).toEqual([
      '/bn',
      '/bn/enquiry',
      '/bn/about',
      '/bn/terms',
      '/bn/view-one',
      '/bn/documents',
      '/bn/privacy',
      '/bn/pay',
      '/bn/receipt',
    ]);
  });

  it('reads the language and the page back from a path', () => {
    expect(languageOfPath('/bn')).toBe('bn');
    expect(languageOfPath('/bn/terms')).toBe('bn');
    expect(languageOfPath('/bnx')).toBe('en');
    expect(languageOfPath('/terms')).toBe('en');
    expect(basePath('/bn')).toBe('/');
    expect(basePath('/bn/enquiry')).toBe('/enquiry');
    expect(basePath('/enquiry')).toBe('/enquiry');
  });

  it('knows which pages exist in both languages', () => {
    for (const p of ['/', '/terms', '/terms/', '/bn', '/bn/view-one']) expect(isBilingualPath(p), p).toBe(true);
    for (const p of [paths.login, paths.dashboard, '/bn/login', '/nope']) expect(isBilingualPath(p), p).toBe(false);
  });
});

/** Runs the <head> script against a pretend browser and says where it sent the visitor. */
function runHeadScript(options: { path: string; stored: string | null; referrer?: string; search?: string }) {
  const replaced: string[] = [];
  const location = {
    pathname: options.path,
    search: options.search ?? '',
    hash: '',
    origin: 'https://visa.example.com',
    replace: (url: string) => replaced.push(url),
  };
  const localStorage = { getItem: () => options.stored };
  const document = { referrer: options.referrer ?? '' };
  new Function('location', 'localStorage', 'document', rememberedLanguageScript())(location, localStorage, document);
  return replaced;
}

describe('remembered language on arrival', () => {
  it('sends a visitor who last read Bengali to the Bengali twin of an English page, keeping the query', () => {
    expect(runHeadScript({ path: '/', stored: 'bn' })).toEqual(['/bn']);
    expect(runHeadScript({ path: '/terms/', stored: 'bn', search: '?x=1' })).toEqual(['/bn/terms?x=1']);
    expect(runHeadScript({ path: '/enquiry', stored: 'bn', referrer: 'https://www.google.com/' })).toEqual(['/bn/enquiry']);
  });

  it('leaves everyone else where they are', () => {
    expect(runHeadScript({ path: '/', stored: null })).toEqual([]);
    expect(runHeadScript({ path: '/', stored: 'en' })).toEqual([]);
    expect(runHeadScript({ path: '/login', stored: 'bn' })).toEqual([]);
    expect(runHeadScript({ path: '/bn', stored: 'bn' })).toEqual([]);
    // A click inside the site (e.g. on "English") is a choice, not an arrival.
    expect(runHeadScript({ path: '/', stored: 'bn', referrer: 'https://visa.example.com/bn' })).toEqual([]);
  });

  it('survives storage that throws (privacy modes)', () => {
    const location = { pathname: '/', search: '', hash: '', origin: 'https://x', replace: () => undefined };
    const localStorage = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(() =>
      new Function('location', 'localStorage', 'document', rememberedLanguageScript())(location, localStorage, { referrer: '' }),
    ).not.toThrow();
  });
});
