import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster, toast } from 'react-hot-toast';
import { type InitialEntry, createRoutesStub } from 'react-router';

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/**
 * Renders route components the way the app does: router and a query client without retries, so
 * failures show at once (public layouts provide the language). `toaster` adds the toast outlet the
 * staff layout provides, for pages rendered without that layout.
 */
export function renderRoutes(routes: StubRoutes, initialEntries: InitialEntry[] = ['/'], options: { toaster?: boolean } = {}) {
  if (options.toaster) {
    if (typeof window.matchMedia !== 'function') installMatchMedia();
    // Toasts live in a module-wide store that outlives a test's render: a fresh page starts without
    // the ones an earlier test raised (otherwise they could double a message this test looks for).
    toast.remove();
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub(routes);
  const ui: ReactElement = (
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={initialEntries} />
      {options.toaster && <Toaster />}
    </QueryClientProvider>
  );
  return { ...render(ui), queryClient };
}

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
    }) satisfies MediaQueryList;
}

const objectUrls: Blob[] = [];

/**
 * jsdom has no object URLs (image previews and downloads use them). This stands in for the
 * browser's, for the rest of the test file, and returns the blobs handed over, oldest first.
 */
export function installObjectUrls(): Blob[] {
  URL.createObjectURL = (blob: Blob) => {
    objectUrls.push(blob);
    return `blob:test/${objectUrls.length}`;
  };
  URL.revokeObjectURL = () => undefined;
  return objectUrls;
}
