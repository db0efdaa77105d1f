import type { StatusAction } from './applicant-file.js';
import { BRAND_NAME } from './constants.js';

/**
 * Sentences of the staff pages that are not answers to a request: what a confirm dialog asks,
 * what a screen reader hears while something loads or of a chart, what copying the recovery codes says.
 * Staff pages are English only. Where a dialog shows a name in bold, the sentence comes as the
 * words before it (`lead`) and a function for the words after it (`rest`).
 */

export const CONFIRM = {
  signOutEverywhere: {
    title: 'Sign out everywhere',
    confirm: 'Sign out everywhere',
    body: 'Every device signed in to this account, this one included, will have to sign in again.',
  },
  deleteStaffAccount: {
    title: 'Delete admin',
    confirm: 'Delete',
    lead: 'Delete',
    rest: (email: string) => `(${email})? They are signed out at once and can no longer sign in. This cannot be undone.`,
  },
  deleteApplication: {
    title: 'Delete application',
    confirm: 'Delete',
    lead: 'Delete the application of',
    // An erased applicant's application has no passport left to name.
    rest: (passport: string) => `${passport ? `(passport ${passport}) ` : ''}with its photo and documents? This cannot be undone.`,
  },
  deleteSlide: {
    title: 'Delete this slide?',
    confirm: 'Delete slide',
    body: (thumbnail: string, published: boolean) =>
      `“${thumbnail}” and its picture will be removed for good${published ? ', and it disappears from the home page' : ''}.`,
  },
  removeDocument: {
    title: 'Remove this document?',
    confirm: 'Remove document',
    body: (label: string, applicantName: string) => `The ${label} document will be removed from the application of ${applicantName}.`,
    previewAlt: (label: string) => `${label} to remove`,
  },
} as const;

/** The status actions' dialogs; a date is asked only where the status records one. */
export const STATUS_CONFIRM: Record<StatusAction, { title: string; confirm: string; dateLabel?: string }> = {
  pending: { title: 'Set this application back to pending?', confirm: 'Set to pending', dateLabel: 'Pending since (visa collect date)' },
  approve: { title: 'Approve this application?', confirm: 'Approve application', dateLabel: 'Approval date' },
  reject: { title: 'Reject this application?', confirm: 'Reject application' },
};

/** What a status region says while its content loads. */
export const LOADING = {
  generic: 'Loading…',
  application: 'Loading application…',
  applications: 'Loading applications…',
  figures: 'Loading figures…',
  admins: 'Loading admins…',
  devices: 'Loading devices…',
  slides: 'Loading slides…',
  slide: 'Loading the slide…',
  history: 'Loading the history',
  countries: 'Loading countries…',
} as const;

/** What a screen reader hears of a bar chart: the total and the largest bar. */
export const CHART = {
  summary: (unit: string, total: number, top: { label: string; value: number } | undefined) =>
    total === 0 || !top ? `No ${unit} yet.` : `${total} ${unit} in all; the most, ${top.value}, for ${top.label}.`,
} as const;

/** The recovery codes as copied or downloaded, and what the page says after a copy. */
export const RECOVERY_CODES = {
  file: (codes: readonly string[]) =>
    `${BRAND_NAME.en} recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`,
  copied: 'Copied.',
  copyFailed: 'Could not copy: select the codes and copy them, or download them.',
} as const;

/** Files applicants sent by link that wait for review (ADR 0069): the list's filter and the staff frame's badge. */
export const DOCUMENTS_WAITING = {
  filterLabel: 'Only applications with documents to review',
  navLabel: 'Documents to review',
  /** What a screen reader hears after the link's name: the badge's number in words. */
  badge: (n: number) => `${n} ${n === 1 ? 'application' : 'applications'} waiting`,
} as const;

/** The staff menu's link to the passports the office holds: apart, so the menu carries no more of the words below. */
export const HELD_PASSPORTS_NAV = 'Passports we hold';

/** Each staff member's work (ADR 0079): its name in the staff menu and the dashboard's tile. */
export const MY_WORK_TILE = {
  title: 'My work',
  link: 'My work: show my letters',
  overdue: 'overdue',
  today: 'due today',
  week: 'this week',
} as const;

/** The sidebar's entry to the Reports page (ADR 0092): here, so the staff shell does not load the reports' words. */
export const REPORTS_NAV = 'Reports';
