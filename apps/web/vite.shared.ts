import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { API_PATHS } from '../../packages/shared/src/api-paths.ts';

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

const apiPathsFile = path.join(sharedSrc, 'api-paths.ts');

/**
 * In the browser, each API address where it is used instead of the route table (ADR 0061): every
 * `apiUrl('key', …)` becomes `apiUrl('/api/…', …)` with the table's path, and api-paths.ts becomes
 * the one function that fills a path in, so no page carries the table's other addresses. A key that
 * is not a literal (which the build cannot read) fails the build. Not for a server-side build, nor
 * for the unit tests, which run the table itself.
 */
export const browserApiPaths: Plugin = {
  name: 'visa-browser-api-paths',
  enforce: 'pre',
  load(id, options) {
    if (options?.ssr || id !== apiPathsFile) return null;
    return (
      'export function apiUrl(path, params) {\n' +
      "  return params ? path.replace(/:(\\w+)/g, (_, name) => encodeURIComponent(params[name] ?? '')) : path;\n" +
      '}\n'
    );
  },
  transform(code, id, options) {
    if (options?.ssr || id.includes('node_modules') || id === apiPathsFile || !/\bapiUrl\(/.test(code)) return null;
    const written = code.replace(/\bapiUrl\(\s*(['"])(\w+)\1/g, (call, _quote: string, key: string) => {
      const entry = (API_PATHS as Record<string, { path: string }>)[key];
      if (!entry) this.error(`${id}: apiUrl('${key}'): no such route in the route table`);
      return `apiUrl(${JSON.stringify(entry.path)}`;
    });
    const unread = /\bapiUrl\(\s*(?!")[^)]/.exec(written);
    if (unread) this.error(`${id}: apiUrl needs the route's key as a literal string in the browser's code: ${unread[0]}…`);
    return { code: written, map: null };
  },
};
