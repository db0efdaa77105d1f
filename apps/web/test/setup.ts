import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { rememberComputedStyles } from './computed-styles';
import { restoreTheWindowAfterTheFile } from './shared-window';

// The files of a worker share one module graph and one jsdom window (isolate: false in
// vitest.config.ts). This runs before each file's imports, so every file gets the app's and the
// API's modules fresh (with no state another file left in them); packages outside the sources stay
// loaded, which is the saving.
vi.resetModules();

// Before the window's snapshot, so the shared window keeps it from file to file.
rememberComputedStyles();
restoreTheWindowAfterTheFile();

// findBy… and waitFor give up after 5 s rather than 1 (why: vitest.config.ts, testTimeout). A
// file's own configure() keeps this, as it changes only what it names.
configure({ asyncUtilTimeout: 5_000 });

// console.error in a test is a failure (React warnings, failed prop types, act() misuse).
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called in a test: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // A file that runs in Node (a build step's, with a document of its own) has no page to clean.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  document.cookie.split('; ').forEach((c) => {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
