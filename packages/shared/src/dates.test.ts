import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './dates.js';
import { DOCUMENTS_PAGE_TEXTS } from './documents-page.js';

describe('the one date formatter', () => {
  it('writes a calendar date as 28 Nov 2026 in English and with Bengali digits in Bengali, whatever the zone', () => {
    expect(formatDate('2026-11-28')).toBe('28 Nov 2026');
    expect(formatDate('2026-01-05', 'en')).toBe('5 Jan 2026');
    expect(formatDate('2026-11-28', 'bn')).toBe('২৮ নভে, ২০২৬');
    expect(formatDate('2026-12-05', 'bn', 'Pacific/Kiritimati')).toBe('৫ ডিসে, ২০২৬');
  });

  it('writes an English calendar date as Intl does, every month, day and leap day', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let at = Date.UTC(2023, 0, 1); at <= Date.UTC(2028, 11, 31); at += 86_400_000) {
      const date = new Date(at).toISOString().slice(0, 10);
      expect(formatDate(date), date).toBe(intl.format(at));
    }
    expect(formatDate('1999-09-09')).toBe(intl.format(Date.UTC(1999, 8, 9)));
  });

  it('writes a moment as its day and 24-hour time in the office zone (Asia/Dhaka, UTC+6)', () => {
    expect(formatDate('2026-11-28T20:30:00.000Z')).toBe('29 Nov 2026');
    expect(formatDateTime('2026-11-28T14:05:00.000Z')).toBe('28 Nov 2026, 20:05');
    expect(formatDateTime('2026-11-28T14:05:00.000Z', 'bn')).toBe('২৮ নভে, ২০২৬, ২০:০৫');
  });

  it('gives nothing for nothing and leaves what is not a date as it is', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDate('2026-02-30')).toBe('2026-02-30');
    expect(formatDate('not a date', 'bn')).toBe('not a date');
  });

  it('writes counts and sizes in Bengali digits on Bengali pages, without grouping', () => {
    expect(formatNumber(7, 'bn')).toBe('৭');
    expect(formatNumber(2026, 'bn')).toBe('২০২৬');
    expect(formatNumber(2026)).toBe('2026');
  });
});

describe('the documents page', () => {
  it('gives the due date, sizes and progress in the page language and digits', () => {
    expect(DOCUMENTS_PAGE_TEXTS.bn.due('2026-12-05')).toBe('৫ ডিসে, ২০২৬ তারিখের মধ্যে পাঠান।');
    expect(DOCUMENTS_PAGE_TEXTS.bn.accepts('JPEG, PDF', 7)).toBe('JPEG, PDF, সর্বোচ্চ ৭ MB');
    expect(DOCUMENTS_PAGE_TEXTS.bn.sending(25)).toBe('পাঠানো হচ্ছে: ২৫%');
    expect(DOCUMENTS_PAGE_TEXTS.en.due('2026-12-05')).toBe('Please send them by 5 Dec 2026.');
  });
});

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = ['apps/web/src', 'apps/api/src', 'packages/shared/src'];
/** Where Intl.DateTimeFormat may be made: this formatter, and machinery that works out days, not text for people. */
const DATE_FORMAT_MAKERS = new Set([
  'packages/shared/src/dates.ts',
  'apps/api/src/config.ts',
  'apps/api/src/modules/operations/import/values.ts',
  'apps/api/src/modules/domain/applicant-notices/timing.ts',
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('no page, email, text message or PDF writes a date another way', () => {
  it('leaves dates and digits to this formatter', () => {
    const found: string[] = [];
    for (const file of SOURCES.flatMap(sourceFiles)) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      if (/toLocale(Date|Time)String\(|\.toLocaleString\([^)]*\{[^)]*(day|month|hour)/.test(text)) found.push(`${file}: toLocale…String`);
      if (/Intl\.DateTimeFormat\(/.test(text) && !DATE_FORMAT_MAKERS.has(file)) found.push(`${file}: Intl.DateTimeFormat`);
      if (text.includes('০১২৩৪৫৬৭৮৯')) found.push(`${file}: a table of Bengali digits`);
    }
    expect(found).toEqual([]);
  });
});
