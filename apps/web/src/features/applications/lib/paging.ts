/**
 * The list's 'Show 1 to 10 entries' line, computed from what the server answered: page 2 of 23 rows
 * is 'Show 11 to 20 entries', page 3 is 'Show 21 to 23 entries'. Nothing to show (an empty result,
 * or a page past the end) gives null rather than a line that is not true.
 */
export function entriesLine(page: number, limit: number, total: number, shown: number): string | null {
  if (total === 0 || shown === 0) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(from + shown - 1, total);
  return `Show ${from} to ${to} entries`;
}

export type PageItem = number | 'gap';

/**
 * Page numbers for the pager: always the first and last, and two either side of the current one.
 * `more`: the total is a lower bound (a search counted only so far, ADR 0028), so the last page
 * known is followed by a gap for the pages beyond it.
 */
export function pageItems(current: number, totalPages: number, more = false): PageItem[] {
  const items: PageItem[] = [];
  for (let p = 1; p <= totalPages; p++) {
    if (p === 1 || p === totalPages || Math.abs(p - current) <= 2) items.push(p);
    else if (items.at(-1) !== 'gap') items.push('gap');
  }
  if (more) items.push('gap');
  return items;
}

/** The page asked for in the address (?page=2); anything that is not a page number is the first page. */
export const pageFromSearch = (params: URLSearchParams): number => Math.max(1, Math.floor(Number(params.get('page'))) || 1);
