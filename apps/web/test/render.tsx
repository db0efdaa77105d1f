import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createRoutesStub } from 'react-router';

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/** Renders route components the way the app does: router and query client (public layouts provide the language). */
export function renderRoutes(routes: StubRoutes, initialEntries: (string | { pathname: string; state?: unknown })[] = ['/']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const Stub = createRoutesStub(routes);
  const ui: ReactElement = (
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={initialEntries} />
    </QueryClientProvider>
  );
  return { ...render(ui), queryClient };
}
