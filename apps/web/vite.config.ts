import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { purgeUnusedBootstrap } from './vite.css-purge.ts';
import { staffChunkGroups, staffChunks } from './vite.staff-chunks.ts';
import { browserApiPaths, browserPhones, browserToasts, sharedAlias } from './vite.shared.ts';

// `npm run dev` runs the API on its own port and says where; the default is `npm start`'s.
const api = process.env.VISA_API_ORIGIN ?? 'http://127.0.0.1:3000';

// Bundled into the prerender build: these ship CommonJS directory imports Node's ESM loader refuses.
const SSR_BUNDLED = [
  'react-bootstrap',
  '@restart/ui',
  '@restart/hooks',
  'dom-helpers',
  'uncontrollable',
  'react-transition-group',
  '@react-aria/ssr',
  'react-hot-toast',
  'goober',
];

const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Every chunk of the app's client build asks Chromium to compile all of its functions as the file
 * streams in, on a background thread (V8's explicit compile hints), rather than each one on the
 * main thread the first time it runs. This build's chunks load when a page needs them and most of
 * their functions run as the page starts, where compiling them one by one took a good share of a
 * staff page's first render (ADR 0115). Other browsers read a comment. Added after minification,
 * which would drop it, at the top of the file: it applies to the functions after it.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [staffChunks, browserApiPaths, browserPhones, browserToasts, reactRouter()],
  resolve: { alias: command === 'build' && !isSsrBuild ? [sharedAlias, ...preactAliases] : [sharedAlias] },
  // Bootstrap without the rules no page uses (ADR 0103), in the stylesheet the client build emits.
  css: command === 'build' && !isSsrBuild ? { postcss: { plugins: [purgeUnusedBootstrap()] } } : {},
  server: { proxy: { '/api': api, '/files': api, '/media': api } },
  build: {
    assetsInlineLimit: 0,
    // The staff pages' modules in a few chunks (ADR 0057); the prerender build keeps the default.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: staffChunkGroups }, postBanner: COMPILE_HINT } },
  },
  // The dev server lets Node load them (their CommonJS builds), as it cannot evaluate CommonJS inline.
  ssr: command === 'build' ? { noExternal: SSR_BUNDLED } : {},
}));
