import { defineConfig } from 'vitest/config';

// One run for every unit and API suite. The API suite runs once per database engine:
// always on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it).
const apiProject = (name: string, db: 'sqlite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: { name, env: { TEST_DB: db } },
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
