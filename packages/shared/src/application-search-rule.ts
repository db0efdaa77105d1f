/**
 * What the application list's search may hold: a prefix of a passport or a name, so only the
 * characters those can hold; '*', '(', '[', '%', '\\' and friends are refused rather than silently
 * matched. The rule without zod: the list checks what is typed as it is typed, and with it the list
 * starts without zod (ADR 0116). The API's schema (application-search.ts) is built from the same
 * pattern and length, and application-search.test.ts holds the two to the same answers.
 */
export const SEARCH_PATTERN = /^[\p{L}\p{M}\p{N} .'-]*$/u;
export const SEARCH_MAX = 60;

/** The search as it is sent (trimmed), or null where the API would refuse it with `invalidSearch`. */
export function readSearch(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const search = value.trim();
  return search.length <= SEARCH_MAX && SEARCH_PATTERN.test(search) ? search : null;
}
