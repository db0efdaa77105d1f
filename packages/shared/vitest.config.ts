import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    root: path.dirname(fileURLToPath(import.meta.url)),
    include: ['src/**/*.test.ts'],
    // The web files' worker count: Vitest runs projects of one group together only when they agree on it.
    maxWorkers: os.availableParallelism(),
  },
});
