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
