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
