import { useEffect, useState } from 'react';

/**
 * False until the browser is next idle after the component first drew: for a part below the fold
 * or of no use at first sight, so that a phone draws what is on screen first and the rest in a task
 * of its own, not in one long one that keeps the page from answering.
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 0);
    return () => window.clearTimeout(id);
  }, []);
  return ready;
}
