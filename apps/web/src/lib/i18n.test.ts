import { describe, expect, it } from 'vitest';
import { localDigits, rememberLanguage, rememberedLanguage } from './i18n';

describe('localDigits', () => {
  it('writes Bengali digits on Bengali pages and leaves English alone', () => {
    expect(localDigits(1234567890, 'bn')).toBe('১২৩৪৫৬৭৮৯০');
    expect(localDigits(2026, 'en')).toBe('2026');
  });
});

describe('remembered language', () => {
  it('keeps the last choice and ignores anything else in storage', () => {
    expect(rememberedLanguage()).toBeNull();
    rememberLanguage('bn');
    expect(rememberedLanguage()).toBe('bn');
    window.localStorage.setItem('lang', 'fr');
    expect(rememberedLanguage()).toBeNull();
  });
});
