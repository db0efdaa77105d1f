import 'bootstrap/dist/css/bootstrap.min.css';
import '../styles/app.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { I18nextProvider } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import { i18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import type { Route } from './+types/root';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b91c1c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
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

export default function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Outlet />
        {/* react-hot-toast's defaults are spec §9: at most 20 toasts, 4 s errors, 2 s successes. */}
        <Toaster position="top-right" />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export function HydrateFallback() {
  return (
    <div className="d-flex justify-content-center align-items-center min-vh-100" role="status" aria-live="polite">
      <span className="spinner-border text-danger" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
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
