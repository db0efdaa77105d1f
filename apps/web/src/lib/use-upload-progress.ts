import type { UploadProgress } from './http';
import { useCallback, useState } from 'react';

/**
 * How far an upload has gone, as a fraction from 0 to 1, or null when none is under way. Pass
 * `onUploadProgress` with the request (the api client's XMLHttpRequest reports it as the body goes
 * out) and call `start` just before sending and `stop` when it has settled.
 */
export function useUploadProgress() {
  const [fraction, setFraction] = useState<number | null>(null);
  const onUploadProgress = useCallback((event: UploadProgress) => {
    if (event.total) setFraction(Math.min(1, event.loaded / event.total));
  }, []);
  const start = useCallback(() => setFraction(0), []);
  const stop = useCallback(() => setFraction(null), []);
  return { fraction, onUploadProgress, start, stop };
}
