import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { HomeCarousel } from '../../../features/slides/components/home-carousel';
import { createQueryClient } from '../../../lib/query-client';

/**
 * The slides feature's carousel with the query client it fetches through. The public pages carry
 * no TanStack Query of their own, so this chunk brings one; it is imported only when the visitor
 * scrolls near the carousel (ADR 0010).
 */
export default function CarouselSlot() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <HomeCarousel />
    </QueryClientProvider>
  );
}
