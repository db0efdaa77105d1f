import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, useEffect } from 'react';
import { prefetchStaffPage } from './staff-prefetch';

/**
 * What the public components use of React Router, for the islands build (ADR 0029), where
 * `react-router` resolves to this file. A public page is its own prerendered document, so a link
 * is a plain link and every navigation is a full page load; the one thing React Router carried
 * across pages, the navigation state of the status result (never in the URL,
 * docs/product.md#status-check), is handed to the next page through this tab's session storage,
 * which that page reads and deletes at once and keeps in memory only (ADR 0037): not in the
 * history entry, where Back on a shared computer would find it again, with its signed photo URL.
 */

const HANDOVER_KEY = 'visa:navigation-state';

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const handOver = (to: string, state: unknown) => {
  try {
    sessionStorage.setItem(HANDOVER_KEY, JSON.stringify({ path: new URL(to, location.href).pathname, state }));
  } catch {
    // Storage disabled: the next page opens without the state, as a reload of an old entry would.
    return;
  }
};

/** What the navigation brought this page, for as long as the page is shown. */
let pageState: unknown = null;

/** Runs once, before the islands render: state handed over for this page becomes its state. */
const takeOver = () => {
  try {
    const raw = sessionStorage.getItem(HANDOVER_KEY);
    if (raw === null) return;
    sessionStorage.removeItem(HANDOVER_KEY);
    const { path, state } = JSON.parse(raw) as { path?: unknown; state?: unknown };
    if (path === location.pathname) pageState = state ?? null;
  } catch {
    return;
  }
};
takeOver();

/**
 * Leaving the page forgets its state (ADR 0037), and any an earlier version of the site left in this
 * history entry: Back, a reload or the back-forward cache find none. The language switch hands the
 * state over on its click, before this.
 */
addEventListener('pagehide', () => {
  pageState = null;
  try {
    const current = history.state as HistoryState | null;
    if (current?.usr != null) history.replaceState({ ...current, usr: null }, '');
  } catch {
    return;
  }
});

/** The same fields as React Router's location; `state` is what the navigation brought. */
export const useLocation = () => ({
  pathname: location.pathname,
  search: location.search,
  hash: location.hash,
  state: pageState,
  key: 'default',
});

export const useNavigate =
  () =>
  (to: string, options: { state?: unknown; replace?: boolean } = {}): void => {
    if (options.state !== undefined) handOver(to, options.state);
    if (options.replace) location.replace(to);
    else location.assign(to);
  };

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; state?: unknown; children?: ReactNode };

export function Link({ to, state, onClick, ...rest }: LinkProps) {
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (state !== undefined && state !== null && !event.defaultPrevented) handOver(to, state);
  };
  return <a href={to} onClick={click} {...rest} />;
}

const trimmed = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string; end?: boolean };

/** A link that says when it is the current page, with the class and aria-current React Router gives. */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const here = trimmed(location.pathname);
  const target = trimmed(to);
  const active = here === target || (!end && here.startsWith(target === '/' ? '/' : `${target}/`));
  const classes = [className, active ? 'active' : ''].filter(Boolean).join(' ');
  return <Link to={to} className={classes || undefined} aria-current={active ? 'page' : undefined} {...rest} />;
}

/**
 * React Router's prefetch of the page a link leads to. Here the next page is a full load of the
 * staff shell, whose scripts the build listed in this page (ADR 0050): they are prefetched at once.
 */
export function PrefetchPageLinks({ page }: { page: string }) {
  useEffect(() => prefetchStaffPage(page), [page]);
  return null;
}
