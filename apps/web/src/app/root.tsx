import '../lib/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles/app.css';
import '../styles/home.css';
import '../styles/pages.css';
import '../styles/staff.css';
import '../styles/print.css';
import { type ReactNode, useEffect, useState } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation } from 'react-router';
import { languageOfPath, rememberedLanguageScript } from '../lib/locales/paths';
import { HELD_SUBMITS_SCRIPT, formsReady } from '../lib/page-form';
import { LOADING } from '@visa/shared/staff-texts';
import type { Route } from './+types/root';
// In the page itself rather than a request of its own: on a phone's six connections it took one
// beside the stylesheet, ahead of the scripts (ADR 0117).
import ICON from './favicon.svg?inline';

// Built when the HTML is prerendered; the browser only hydrates the tag, so it never needs the builder.
const REMEMBERED_LANGUAGE_SCRIPT = import.meta.env.SSR ? rememberedLanguageScript() : '';
const HELD_SUBMITS = import.meta.env.SSR ? HELD_SUBMITS_SCRIPT : '';

/**
 * React Router's tags for the page, its title above all. On a page hydrated from the staff shell it
 * names only the root route's tags until its Scripts has run its first effect, and renders again
 * only when the router's state changes. When the page's route modules came in before that effect
 * (they are preloaded), the router's update drew the head without the title and nothing drew it
 * again. One more drawing, in a task after the first effects, gives every page its title.
 */
function PageMeta() {
  const [, setSettled] = useState(false);
  useEffect(() => {
    const later = setTimeout(() => setSettled(true));
    return () => clearTimeout(later);
  }, []);
  return <Meta />;
}

export function Layout({ children }: { children: ReactNode }) {
  // The URL names the language (ADR 0010), so the prerendered HTML already carries the right lang.
  const { pathname } = useLocation();
  return (
    <html lang={languageOfPath(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#9f1239" />
        <link rel="icon" href={ICON} type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: REMEMBERED_LANGUAGE_SCRIPT }} suppressHydrationWarning />
        {/* Before any module script: a form submitted before the app is ready waits for it (ADR 0037). */}
        <script dangerouslySetInnerHTML={{ __html: HELD_SUBMITS }} suppressHydrationWarning />
        <PageMeta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * No providers here on purpose: TanStack Query and the toaster live in routes/with-data.tsx, around
 * the pages that use them, so the public pages stay within their JavaScript budget (ADR 0010).
 */
export default function App() {
  // The page's forms are the app's from here on: anything submitted earlier is sent now.
  useEffect(formsReady, []);
  return <Outlet />;
}

/**
 * The page before the app has started, as the HTML of every address without a page of its own (the
 * staff pages) carries it: the staff frame (menu column on wide screens, header bar) and a visible
 * "Loading…", so a phone shows the page's place at once and the header does not move when the app
 * draws it (ADR 0057). On an unknown address the shell's script hides the menu column and header,
 * and only "Loading…" shows until the app has sent the reader on.
 */
export function HydrateFallback() {
  return (
    <div className="staff-shell staff-fallback">
      <div className="staff-sidebar staff-sidebar-placeholder" aria-hidden="true" />
      <div className="staff-content">
        <header className="d-flex align-items-center gap-2 bg-white border-bottom px-3 py-2">
          <span className="btn btn-sm invisible" aria-hidden="true">
            Show menu
          </span>
        </header>
        <main className="p-3 p-md-4">
          <div role="status" aria-live="polite">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            <span className="ms-2">{LOADING.generic}</span>
          </div>
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';
  return (
    <main className="container py-5">
      <h1>{title}</h1>
      <p>Please reload the page. If the problem continues, contact the office.</p>
      <a href="/">Go to the home page</a>
    </main>
  );
}
