/**
 * Where a signed-out visitor was going, as the staff layout passed it along in navigation state.
 * Only same-site paths are accepted, so nothing can turn the login page into an open redirect.
 */
export function returnPathFrom(state: unknown, loginPath: string): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  if (from === loginPath || from.startsWith(`${loginPath}?`)) return null;
  return from;
}
