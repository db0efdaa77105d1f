import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

// The release's tests: they build the real release tarball (and, for the upgrade, the previous
// version's), unpack it and run it. Minutes, not seconds, so they are not part of `npm test`;
// .ci/run runs them (ADR 0048). The API suite's own settings, but only these files, one at a time;
// this tree's release is built once for both (test/release/built-release.ts).
export default defineConfig({
  resolve: {
    alias: [{ find: /^@visa\/shared\/(.*)$/, replacement: path.resolve(here, '../../packages/shared/src/$1.ts') }],
  },
  test: {
    root: here,
    include: ['test/release/*.slow.ts'],
    globalSetup: ['test/release/built-release.ts'],
    testTimeout: 300_000,
    hookTimeout: 900_000,
    fileParallelism: false,
  },
});
