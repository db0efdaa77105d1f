import { options, Fragment } from 'preact';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
// Before any module that builds a schema (lib/zod-jitless.ts).
import '../lib/zod-jitless';
import { readMeBeforeRender } from '../features/auth/api/get-me';

/**
 * React Router's first render waits for the page's state to be decoded by throwing a promise: the
 * whole root suspends, which React allows. Preact, which runs the staff pages in the build, cannot
 * suspend the document it hydrates, so the wait happens before.
 */
async function routerStateDecoded() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

/**
 * Preact renders a document into its <html> element, so the root layout's <html> is that element:
 * it renders as its children only, and its language goes onto the element itself.
 */
const nextVNode = options.vnode;
options.vnode = (vnode) => {
  if (vnode.type === 'html') {
    const { lang } = vnode.props as { lang?: string };
    // Set only when it differs: every render of the layout passes here, and a write, even of the
    // same language, has the browser look at the whole document's style again.
    if (lang && typeof document !== 'undefined' && document.documentElement.lang !== lang) document.documentElement.lang = lang;
    vnode.type = Fragment;
  }
  nextVNode?.(vnode);
};

/**
 * Preact hydrates an element by claiming the first unclaimed element of the same tag, and does not
 * correct attributes. React hoisted its preloads (modules, the logo) above the layout's icon and
 * stylesheet links, which would then claim preloads and lose the stylesheet: the preloads (acted on
 * already) go to the end of the head, where no element of the layout claims them.
 */
function orderHeadForHydration() {
  const hints = document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"], link[rel="prefetch"]');
  for (const hint of hints) document.head.appendChild(hint);
}

orderHeadForHydration();

// A task of its own for the first render: the router's start and the render, in one task, kept a
// phone's main thread busy long enough to delay a tap (ADR 0057).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The account the shell asked for early has long arrived when the scripts have: the first render
// has it, and nothing that depends on the role appears later and moves the page (ADR 0101).
void Promise.all([routerStateDecoded(), readMeBeforeRender()])
  .then(nextTask)
  .then(() =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  );
