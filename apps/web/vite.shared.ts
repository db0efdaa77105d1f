import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const sharedSrc = path.resolve(here, '../../packages/shared/src');

/** The web app compiles the shared package from source, so it never waits for its build. */
export const sharedAlias = {
  find: /^@visa\/shared\/(.*)$/,
  replacement: path.resolve(sharedSrc, '$1.ts'),
};

/**
 * In the browser, the shared phone rules without libphonenumber's metadata (ADR 0056): every import
 * of phone.ts, the shared schemas' own included, gets phone-browser.ts; the server keeps the strict
 * check. Not for a server-side build, nor for the unit tests, which check the strict rules.
 */
export const browserPhones: Plugin = {
  name: 'visa-browser-phones',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (options?.ssr || !/(^|\/)phone(\.[jt]s)?$/.test(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === path.join(sharedSrc, 'phone.ts') ? path.join(sharedSrc, 'phone-browser.ts') : null;
  },
};

const lazyToast = path.resolve(here, 'src/lib/lazy-toast.tsx');

/**
 * In the browser's app, react-hot-toast through src/lib/lazy-toast.tsx (ADR 0056), which loads the
 * library with the first toast; that module alone gets the library itself.
 */
export const browserToasts: Plugin = {
  name: 'visa-browser-toasts',
  enforce: 'pre',
  resolveId(source, importer, options) {
    if (options?.ssr || source !== 'react-hot-toast' || importer === lazyToast) return null;
    return lazyToast;
  },
};
