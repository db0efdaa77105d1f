import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates prerendered HTML, true afterwards and on every client navigation.
 * Lets a page show browser-only data (navigation state) without a hydration mismatch and without
 * a flash on client navigation.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
