import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedAlias } from './vite.shared.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [sharedAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Vitest keeps a core free by default, which on a two-core machine leaves one worker. A web
    // file spends as long loading its modules (React, the API it renders against, jsdom) as running
    // its tests, and with one worker the main process sits idle beside it, so each core gets a worker.
    maxWorkers: os.availableParallelism(),
    // A worker keeps its jsdom window, React and the other packages from one file to the next:
    // setting those up again cost each file more than most files' tests. What a file leaves must
    // not reach the next: test/setup.ts drops the app's own modules before each file imports them
    // again, and test/shared-window.ts puts back what the file changed on the window (ADR 0104).
    isolate: false,
    // How long a test and a wait may take before they count as failed, set once for every web file
    // (test/setup.ts sets Testing Library's waits). The defaults (5 s a test, 1 s a wait) fail
    // tests that pass, on a machine busy with other work: jsdom walks every option of a country
    // list on each query, and a form typed field by field takes seconds there. A passing test
    // takes no longer for it; only a hang is reported later.
    testTimeout: 30_000,
  },
});
