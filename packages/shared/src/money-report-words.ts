/**
 * The Reports page's and the dashboard tile's words (ADR 0092), without zod, so the staff pages
 * that show them do not load the reports' schemas.
 */

export const REPORT_WORDS = {
  title: 'Reports',
  lead: 'Money in, net of refunds and reversals, and who still owes. Amounts in taka.',
  daily: 'Money in per day',
  monthly: 'Money in per month',
  fiscalYear: 'Fiscal year (July–June)',
  from: 'From',
  to: 'To',
  show: 'Show',
  day: 'Day',
  month: 'Month',
  total: 'Total',
  nothing: 'No money came in or went out in this period.',
  outstanding: 'Who owes',
  outstandingLead: (count: number, total: string) => `${count} ${count === 1 ? 'application owes' : 'applications owe'} ${total} in all.`,
  application: 'Application',
  owes: 'Owes',
  nobodyOwes: 'No application owes anything.',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  csv: 'Download entries as CSV for the accountant',
  csvFailed: 'The CSV could not be downloaded. Please try again.',
  loadFailed: 'The report could not be loaded. Please try again.',
  tileTitle: 'Money',
  tileToday: "today's takings",
  tileOutstanding: 'owed in all',
  tileLink: 'Money: open the reports',
} as const;
