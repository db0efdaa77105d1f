import { Suspense, lazy, useEffect, useState } from 'react';
import type { ToastOptions, ToasterProps } from 'react-hot-toast';

/**
 * react-hot-toast as the staff app's build uses it (ADR 0056): the build gives this module to every
 * `import … from 'react-hot-toast'` of the browser's app (apps/web/vite.shared.ts), and the library
 * itself loads with the first toast, which always follows something the user did, instead of with
 * every page. Only what the app calls is here; the unit tests use the library itself.
 */
const load = () => import('react-hot-toast');

/** The toaster mounts once the first toast is asked for. */
let wanted = false;
const waiting = new Set<() => void>();

function show(kind: 'success' | 'error', message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    waiting.forEach((mount) => mount());
  }
  void load().then(({ toast: real }) => real[kind](message, options));
}

/** What `import toast from 'react-hot-toast'` gives the app. */
const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
export default toast;

const LibraryToaster = lazy(() => load().then((m) => ({ default: m.Toaster })));

/** The toast outlet: nothing until the first toast, then the library's own. */
export function Toaster(props: ToasterProps) {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    const mount = () => setMounted(true);
    if (wanted) mount();
    waiting.add(mount);
    return () => void waiting.delete(mount);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <LibraryToaster {...props} />
    </Suspense>
  ) : null;
}
