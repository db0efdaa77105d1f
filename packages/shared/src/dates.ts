/** Dates without time are `YYYY-MM-DD` strings so no time zone can shift them (docs/product.md#data). */
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isIsoDate = (value: string): boolean => {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

/** One formatter per time zone (the callers' zones are settings): making one costs far more than using it, and forms ask on every render. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in a time zone, e.g. 'Asia/Dhaka', as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
};

/** The calendar date `days` after a YYYY-MM-DD date. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One formatter per zone: making one costs far more than using it. */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes a zone is ahead of UTC at an instant. */
function offsetMinutes(timeZone: string, at: number): number {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    clockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The instant a YYYY-MM-DD calendar date begins (local midnight) in a time zone. */
export function dayStartIn(date: string, timeZone: string): Date {
  const naive = Date.parse(`${date}T00:00:00.000Z`);
  let instant = naive - offsetMinutes(timeZone, naive) * 60_000;
  // A second look settles a day that starts next to a daylight-saving change.
  instant = naive - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
}

/** The office's time zone unless APP_TIMEZONE says otherwise; the web pages have no other. */
export const OFFICE_TIME_ZONE = 'Asia/Dhaka';

/** The two languages people read dates in; Bengali pages write Bengali digits. */
export type DateLanguage = 'en' | 'bn';

const LOCALES: Record<DateLanguage, string> = { en: 'en-GB', bn: 'bn-BD' };
/** One formatter per language, zone and kind, made on first use: making one costs far more than using it. */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

function dateFormat(language: DateLanguage, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language} ${timeZone} ${withTime ? 'time' : 'day'}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], { ...(withTime ? CLOCK : DAY), timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The months as en-GB writes a day ('5 Sept 2026'). */
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * A valid YYYY-MM-DD date in English as Intl writes it, by hand: a page's first Intl.DateTimeFormat
 * loads locale and zone data, which costs a phone more than drawing a page of the application list.
 * dates.test.ts holds it to Intl.
 */
function englishDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${ENGLISH_MONTHS[month - 1]} ${year}`;
}

/**
 * The one way a date is written for people (docs/product.md#dates, ADR 0071): '28 Nov 2026' in
 * English, '২৮ নভে, ২০২৬' in Bengali. A calendar date (YYYY-MM-DD) is written as it is, so no time
 * zone can move it; a timestamp is written as its day in `timeZone`. Nothing for nothing; any other
 * text is returned as is. CSV files keep YYYY-MM-DD.
 */
export function formatDate(value: string | null | undefined, language: DateLanguage = 'en', timeZone = OFFICE_TIME_ZONE): string {
  if (!value) return '';
  if (DATE_PATTERN.test(value)) {
    if (!isIsoDate(value)) return value;
    if (language === 'en') return englishDay(value);
    return dateFormat(language, 'UTC', false).format(Date.parse(`${value}T00:00:00.000Z`));
  }
  const at = value.includes('T') ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? value : dateFormat(language, timeZone, false).format(at);
}

/** A moment as the office's clock shows it: '28 Nov 2026, 20:05' (24-hour); nothing for nothing. */
export function formatDateTime(value: string | null | undefined, language: DateLanguage = 'en', timeZone = OFFICE_TIME_ZONE): string {
  if (!value) return '';
  const at = value.includes('T') ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? value : dateFormat(language, timeZone, true).format(at);
}

/** A count or size in the page's digits, without grouping (a year, '৭' of '৭ MB', '৪০৪'). */
export function formatNumber(value: number, language: DateLanguage = 'en'): string {
  let format = formats.get(`${language} number`) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], { useGrouping: false, maximumFractionDigits: 1 });
    formats.set(`${language} number`, format);
  }
  return format.format(value);
}
