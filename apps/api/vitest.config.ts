import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    // Tests compile the shared package from source, like the web app does.
    alias: [{ find: /^@visa\/shared\/(.*)$/, replacement: path.resolve(here, '../../packages/shared/src/$1.ts') }],
  },
  test: {
    root: here,
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
