import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { createRoutesStub } from 'react-router';

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/** jsdom has no matchMedia; react-hot-toast asks it about reduced motion. */
function installMatchMedia() {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * Staff pages as the app renders them: router, a query client (no retries, so failures show at
 * once) and the toaster. Staff pages are English only, so no i18n provider is needed.
 */
export function renderStaffRoutes(routes: StubRoutes, initialEntries: (string | { pathname: string; state?: unknown })[]) {
  if (typeof window.matchMedia !== 'function') installMatchMedia();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub(routes);
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={initialEntries} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}
