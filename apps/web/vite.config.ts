import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { sharedAlias } from './vite.shared.ts';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: [sharedAlias] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/files': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
  build: { assetsInlineLimit: 0 },
  // Bundled into the prerender build: these ship CommonJS directory imports Node's ESM loader refuses.
  ssr: {
    noExternal: [
      'react-bootstrap',
      '@restart/ui',
      '@restart/hooks',
      'dom-helpers',
      'uncontrollable',
      'react-transition-group',
      '@react-aria/ssr',
      'react-hot-toast',
      'goober',
    ],
  },
});
