const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A moment as staff read it, in their own clock: '21 Nov 2026, 10:00'; nothing for no moment. A
 * visa's dates are calendar days, not moments, and never go through this.
 */
export const formatDateTime = (iso: string | null): string => (iso ? DATE_TIME.format(new Date(iso)) : '');
