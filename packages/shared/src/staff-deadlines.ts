import { z } from 'zod';
import { LETTER_LABELS, type LetterKind } from './case-words.js';

/**
 * Staff's own reminders of the letters they owe IRCC (ADR 0081): the daily digest email and the
 * calendar feed. Both name an application by its reference and the applicant's given name only.
 */

/** Where the calendar feeds are read: `/api/calendar/<token>.ics`, the token standing in for a session. */
export const CALENDAR_PATH = '/api/calendar';
/** The file name the feed's token is served under. */
export const CALENDAR_SUFFIX = '.ics';

/** Any file name: one that is not a live feed's answers the same 404 as a revoked one. */
export const CalendarFeedParamsSchema = z.object({ file: z.string() });

/** Whether the signed-in member has a feed address, and since when; never the address itself. */
export const CalendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

/** A feed address just made: shown this once, never stored (only its token's hash is). */
export const NewCalendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type NewCalendarFeed = z.infer<typeof NewCalendarFeedSchema>;

/** A letter in a calendar event's title, short enough for a phone's month view. */
const SHORT_LETTER: Record<LetterKind, string> = {
  biometrics: 'Biometrics',
  medical: 'Medical',
  documents: 'Documents',
  fairness: 'Fairness letter',
  passport: 'Passport',
};

/** An event's title: the letter, the application's reference and the applicant's given name, nothing more. */
export const calendarEventTitle = (kind: LetterKind, reference: string, givenName: string) =>
  `${SHORT_LETTER[kind]} deadline — ${reference} ${givenName}`.trim();

export const CALENDAR_TEXTS = {
  heading: 'Calendar feed',
  intro:
    'Your open IRCC letters as all-day events on their deadlines, in your phone or desktop calendar. The address is secret: anyone who has it sees your deadlines (reference and given name only).',
  none: 'No feed address yet.',
  activeSince: 'A feed address is active since',
  create: 'Create feed address',
  replace: 'Replace feed address',
  revoke: 'Revoke feed address',
  replaceTitle: 'Replace the feed address?',
  replaceBody: 'The current address stops working at once; calendars that use it must be given the new one.',
  revokeTitle: 'Revoke the feed address?',
  revokeBody: 'Calendars that use it stop getting your deadlines.',
  linkHeading: 'Your new feed address',
  linkOnce: 'Copy it into your calendar app now (subscribe by URL): it is not shown again.',
  linkLabel: 'Feed address',
  copy: 'Copy address',
  copied: 'Copied.',
  copyFailed: 'Copying failed: select the address and copy it by hand.',
  hide: 'Done',
  revoked: 'The feed address was revoked.',
  calendarName: 'Visa Desk deadlines',
} as const;

export const DIGEST_SECTIONS = { overdue: 'Overdue', dueToday: 'Due today', dueThisWeek: 'Due this week' } as const;

export const digestSubject = (counts: { overdue: number; dueToday: number; dueThisWeek: number }) =>
  `Your IRCC deadlines: ${counts.overdue} overdue, ${counts.dueToday} due today, ${counts.dueThisWeek} this week`;

/** One letter's line: what, whose (reference and given name) and by when. */
export const digestLine = (kind: LetterKind, reference: string, givenName: string, deadline: string) =>
  `${LETTER_LABELS[kind]}: ${reference} ${givenName} — due ${deadline}`;

export const digestIntro = (name: string) => [
  `Dear ${name},`,
  'These open IRCC letters are yours and fall due within the week. Each link opens the application.',
];
export const DIGEST_OUTRO = 'You get this email on days when something of yours is due; My work lists the same.';
