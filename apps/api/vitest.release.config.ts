import { defineConfig, mergeConfig } from 'vitest/config';
import api from './vitest.config.ts';

// The release's tests: they build the real release tarball (and, for the upgrade, the previous
// version's), unpack it and run it. Minutes, not seconds, so they are not part of `npm test`;
// .ci/run runs them (ADR 0048).
export default mergeConfig(
  api,
  defineConfig({
    test: { include: ['test/release/*.slow.ts'], testTimeout: 300_000, hookTimeout: 900_000, fileParallelism: false },
  }),
);
