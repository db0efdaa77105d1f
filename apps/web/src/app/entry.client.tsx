import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * React Router's first render waits for the page's state to be decoded by throwing a promise: the
 * whole root suspends, which React allows. Preact, which runs the staff pages in the build, cannot
 * suspend the document it hydrates (it rebuilds the head and body), so the wait happens before.
 */
async function routerStateDecoded() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

void routerStateDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
