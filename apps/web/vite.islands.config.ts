import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { browserApiPaths, sharedAlias } from './vite.shared.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Which islands script this build makes: the public pages' (main.tsx) or the sign-in pages' (ADR 0050). */
const SIGN_IN = process.env.ISLANDS_ENTRY === 'sign-in';

/**
 * The public pages' script (ADR 0029), built after `react-router build` into the same assets
 * folder; built again with ISLANDS_ENTRY=sign-in for the sign-in pages' script (src/islands/sign-in.tsx,
 * ADR 0050), a separate build so that the two share no chunk and the public one carries nothing of it: the public components of src/, rendered by Preact through preact/compat instead of React
 * DOM, and React Router replaced by src/islands/router.tsx. The build step
 * scripts/build-steps/swap-scripts.mjs puts it into the prerendered public pages in place of the
 * React Router app, and reads which file it is from the manifest written here.
 */
export default defineConfig({
  plugins: [browserApiPaths],
  resolve: {
    alias: [
      sharedAlias,
      { find: /^react-router$/, replacement: path.resolve(here, 'src/islands/router.tsx') },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  publicDir: false,
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    assetsInlineLimit: 0,
    manifest: SIGN_IN ? '.vite/sign-in-manifest.json' : '.vite/islands-manifest.json',
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: SIGN_IN
        ? { 'sign-in': path.resolve(here, 'src/islands/sign-in.tsx') }
        : { islands: path.resolve(here, 'src/islands/main.tsx') },
      // TanStack Query marks its modules "use client", which means nothing without React Server Components.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
