import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One run for every unit and API suite. The API suite runs once per database engine:
// always on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
// The API files share one module graph per worker (isolate: false): importing the whole app again
// for every file cost more than most files' tests, and no API test mocks a module or changes the
// environment, so nothing one file does can reach the next. Vitest keeps a core free by default,
// which on a two-core machine leaves one worker; the API files spend much of their time waiting on
// databases, child processes and response floors rather than the CPU, so they get a worker per core.
// The web files get a worker per core too (apps/web/vitest.config.ts). The API group still runs
// after the web one (groupOrder): the API files' response floors and child processes keep their
// margins when they do not share the cores with jsdom.
const apiProject = (name: string, db: 'sqlite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: { name, env: { TEST_DB: db }, isolate: false, maxWorkers: os.availableParallelism(), sequence: { groupOrder: 1 } },
});

export default defineConfig({
  test: {
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vitest.config.ts',
      apiProject('api:sqlite', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api:postgres', 'postgres')] : []),
    ],
  },
});
