import { isIsoDate } from '@visa/shared/dates';

/**
 * Reading the earlier app's values as MongoDB kept them, whichever form the dump gives (BSON and
 * Extended JSON objects, or the text of a CSV cell). Each answers undefined for an absent value.
 */

const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** An ObjectId (or its 24 hex characters) as the product's id; null when it is something else. */
export function idOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const hex =
    typeof (value as { toHexString?: unknown }).toHexString === 'function' ? (value as { toHexString(): string }).toHexString() : value;
  return typeof hex === 'string' && OBJECT_ID.test(hex) ? hex.toLowerCase() : null;
}

/** Text trimmed, or a number written out; empty text is absent. Other shapes (objects, dates) are null. */
export function textOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'bigint') return value.toString();
  return null;
}

/** A moment (Date, or text a Date can read) as an ISO timestamp; null when it is not one. */
export function timestampOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

/**
 * A calendar date as `YYYY-MM-DD`. Text in that form is kept (`2024-1-5` as `2024-01-05`). A
 * moment is read in the office's time zone: the earlier app stored a date of birth typed as a day either as that day's
 * UTC midnight or as its midnight in Dhaka (the evening before in UTC), and both are that day in
 * Dhaka.
 */
export function calendarDateOf(value: unknown, timeZone: string): string | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return undefined;
    // Year first, month and day with or without their leading zero (`2024-1-5`, as dates typed by
    // hand were kept): the same day, whichever way it was written.
    const day = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
    if (day) {
      const iso = `${day[1]}-${day[2]!.padStart(2, '0')}-${day[3]!.padStart(2, '0')}`;
      return isIsoDate(iso) ? iso : null;
    }
    // Only full timestamps (2024-05-03T00:00:00.000Z): a date written any other way is ambiguous.
    if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  }
  const moment = timestampOf(value);
  return moment ? dayIn(timeZone, new Date(moment)) : moment;
}

/**
 * One formatter per time zone for the whole run: each holds native memory the garbage collector
 * does not see, and one per date made the import's memory grow with the size of the dump.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayIn(timeZone: string, date: Date): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes YYYY-MM-DD, as todayIn in @visa/shared/dates does.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** The time an ObjectId was made, which is when the earlier app created the record. */
export const idTimestamp = (id: string) => new Date(parseInt(id.slice(0, 8), 16) * 1000).toISOString();

/** `default.png` (or a path ending in it) stood for "no file" in the earlier app. */
const isPlaceholder = (text: string) => /(^|[/\\])default\.png$/i.test(text);

/**
 * A photo or document address: the URL to fetch, nothing for an empty value or a placeholder,
 * or a reason when it is something no one can fetch.
 */
export function fileAddressOf(value: unknown): { url: string } | { problem: string } | undefined {
  const text = textOf(value);
  if (text === undefined) return undefined;
  if (text === null) return { problem: 'not a web address (http or https)' };
  if (isPlaceholder(text)) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { url: url.href };
  } catch {
    // Not a URL at all: a path on the earlier app's server.
  }
  return { problem: 'not a web address (http or https)' };
}
