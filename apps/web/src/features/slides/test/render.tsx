import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { createRoutesStub } from 'react-router';

/** jsdom has no matchMedia; react-hot-toast and the carousel ask it about reduced motion. */
export function installMatchMedia(matches: (query: string) => boolean = () => false) {
  window.matchMedia = (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/**
 * Renders slide pages the way the app does (router, query client, toasts), without the staff
 * layout, whose sign-in guard and session check other tests cover.
 */
export function renderPages(routes: StubRoutes, initialEntries: (string | { pathname: string; search?: string; state?: unknown })[]) {
  if (typeof window.matchMedia !== 'function') installMatchMedia();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub(routes);
  return {
    ...render(
      <QueryClientProvider client={queryClient}>
        <Stub initialEntries={initialEntries} />
        <Toaster />
      </QueryClientProvider>,
    ),
    queryClient,
  };
}
