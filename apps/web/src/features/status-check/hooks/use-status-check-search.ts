import { useCallback, useEffect, useRef, useState } from 'react';
import { STATUS_CHECK_DEBOUNCE_MS } from '@visa/shared/constants';
import type { EnquiryApplication } from '@visa/shared/enquiry';
import { StatusCheckError, type StatusCheckFailure, type StatusCheckInput, getStatusCheck, isComplete } from '../api/get-status-check';

export type StatusCheckState =
  { status: 'idle' } | { status: 'searching' } | { status: 'miss' } | { status: 'error'; failure: StatusCheckFailure };

/**
 * The enquiry's search rules (docs/product.md#status-check): nothing is sent until all three inputs
 * are filled; typing schedules a search 500 ms after the last change; submitting searches at once.
 * Only the latest search counts: a newer one cancels the request of an older one.
 */
export function useStatusCheckSearch(onMatch: (applications: EnquiryApplication[]) => void) {
  const [state, setState] = useState<StatusCheckState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const matched = useRef(onMatch);
  useEffect(() => {
    matched.current = onMatch;
  }, [onMatch]);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  // A match leaves the page with a full page load (ADR 0029); coming Back to it from the
  // back-forward cache shows the form ready again, not the search that led away from it.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setState({ status: 'idle' });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const run = useCallback(
    async (input: StatusCheckInput) => {
      cancel();
      const controller = new AbortController();
      inFlight.current = controller;
      setState({ status: 'searching' });
      try {
        const applications = await getStatusCheck(input, controller.signal);
        if (controller.signal.aborted) return;
        inFlight.current = null;
        if (applications.length > 0) matched.current(applications);
        else setState({ status: 'miss' });
      } catch (error) {
        if (controller.signal.aborted) return;
        inFlight.current = null;
        setState({ status: 'error', failure: error instanceof StatusCheckError ? error.failure : { kind: 'network' } });
      }
    },
    [cancel],
  );

  /** Call on every change: schedules a search, or clears the result while an input is empty. */
  const changed = useCallback(
    (input: StatusCheckInput) => {
      cancel();
      if (!isComplete(input)) {
        setState({ status: 'idle' });
        return;
      }
      timer.current = setTimeout(() => void run(input), STATUS_CHECK_DEBOUNCE_MS);
    },
    [cancel, run],
  );

  /** Call on submit: searches at once when all three are filled. */
  const submitted = useCallback(
    (input: StatusCheckInput) => {
      if (isComplete(input)) void run(input);
    },
    [run],
  );

  return { state, changed, submitted };
}
