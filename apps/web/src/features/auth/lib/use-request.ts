import { useCallback, useRef, useState } from 'react';

type State<T> =
  | { status: 'idle'; data?: undefined; error?: undefined }
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * One call's state in plain component state: what the sign-in forms used TanStack Query's
 * useMutation for, in a form that works under React and under Preact's compat layer, with no
 * query client (the islands pages have none, ADR 0050). Only the latest call's answer counts.
 */
export function useRequest<I, T>(send: (input: I) => Promise<T>) {
  const [state, setState] = useState<State<T>>({ status: 'idle' });
  const latest = useRef(0);

  const run = useCallback(
    (input: I, onSuccess?: (data: T) => void) => {
      const call = ++latest.current;
      setState({ status: 'pending' });
      send(input).then(
        (data) => {
          if (call !== latest.current) return;
          setState({ status: 'success', data });
          onSuccess?.(data);
        },
        (error: unknown) => {
          if (call === latest.current) setState({ status: 'error', error });
        },
      );
    },
    [send],
  );

  const reset = useCallback(() => {
    latest.current++;
    setState({ status: 'idle' });
  }, []);

  return {
    ...state,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    run,
    reset,
  };
}
