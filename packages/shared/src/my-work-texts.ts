/**
 * The words of the My work page and of the application list's case filters (ADR 0079), apart from
 * the staff texts every staff page loads: only those two pages carry them.
 */

/** The My work page (ADR 0079). */
export const MY_WORK = {
  lead: 'Open IRCC letters overdue, due today and due in the next seven days.',
  whoLabel: 'Whose work',
  me: 'Me',
  everyone: 'Everyone',
  overdue: 'Overdue',
  dueToday: 'Due today',
  dueThisWeek: 'Due this week',
  none: 'Nothing here.',
  empty: 'Nothing is due this week. Well done.',
  emptyEveryone: 'No letter is due this week for anyone.',
  capped: (max: number) => `More than ${max} letters are due: the ${max} with the earliest deadlines are shown.`,
  noOwner: 'No owner',
  owner: (name: string) => `Owner: ${name}`,
  deadline: (date: string) => `Deadline ${date}`,
  /** Days past or left to a deadline, in words. */
  days: (deadline: string, today: string) => {
    const n = Math.round((Date.parse(deadline) - Date.parse(today)) / 86_400_000);
    if (n === 0) return 'due today';
    const days = `${Math.abs(n)} ${Math.abs(n) === 1 ? 'day' : 'days'}`;
    return n < 0 ? `${days} overdue` : `${days} left`;
  },
  loading: 'Loading your work…',
  failed: 'Your work could not be loaded. Please try again.',
} as const;

/** The application list's stage column and its stage and deadline filters (ADR 0079). */
export const CASE_FILTERS = {
  stage: 'Stage',
  allStages: 'All stages',
  due: 'Deadline',
  dueAny: 'Any deadline',
  dueOptions: [
    { value: 0, label: 'Overdue or due today' },
    { value: 7, label: 'Within 7 days' },
    { value: 14, label: 'Within 14 days' },
    { value: 30, label: 'Within 30 days' },
  ],
} as const;

/** The application list's balance filter (`?balance=due`, ADR 0084): beside the case filters, in the list's own words file. */
export const BALANCE_FILTER = {
  label: 'Balance',
  any: 'Any balance',
  due: 'Balance due',
} as const;
