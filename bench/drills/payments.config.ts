import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The payments drill (payments.drill.ts) runs through Vitest for its TypeScript and the workspace's
// packages, but never in `npm test`: `npx vitest run --config bench/drills/payments.config.ts`.
const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: [{ find: /^@visa\/shared\/(.*)$/, replacement: path.resolve(here, '../../packages/shared/src/$1.ts') }],
  },
  test: {
    root: here,
    include: ['payments.drill.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
  },
});
