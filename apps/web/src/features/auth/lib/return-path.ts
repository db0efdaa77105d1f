import { PUBLIC_PATHS, paths } from '../../../config/paths';

/** The staff pages' paths (every path that is neither public nor the home page); `:id` parts match one segment. */
const STAFF_PATTERNS = Object.values(paths)
  .filter((p) => p !== paths.home && !PUBLIC_PATHS.includes(p))
  .map((p) => p.split('/'));

const isStaffPath = (pathname: string) => {
  const segments = pathname.split('/');
  return STAFF_PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
};

const BASE = 'https://staff.invalid';

/**
 * Where a signed-out person was, as the staff layout passed it along in navigation state: only a
 * staff page of this site, as its path and query. Anything else (another site, `//host`, a
 * backslash, a scheme such as `javascript:`, a control character, the login page itself) is
 * ignored, so the login page cannot be turned into an open redirect (ADR 0018).
 */
export function returnPathFrom(state: unknown, loginPath: string): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || from.length > 2000 || !from.startsWith('/') || from.startsWith('//')) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines, so `/\evil` or `/\t/evil` would leave the site.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return null;
  let url: URL;
  try {
    url = new URL(from, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === loginPath || !isStaffPath(url.pathname)) return null;
  return url.pathname + url.search;
}
