import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { configDefaults, defineConfig } from 'vitest/config';

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
// Files that reach no database ask the same of either engine: the checks on the sources, the
// release's commands and proxy (over a SQLite data folder of their own), the shared SQLite
// connection's settings (on a file of their own) and the image functions.
// The PostgreSQL run leaves them to the SQLite one; a file here that starts to use the test
// database belongs off this list.
const engineFree = [
  'test/release/**',
  'test/app/architecture.test.ts',
  'test/app/build-inputs.test.ts',
  'test/app/log-destination.test.ts',
  'test/app/module-graph.test.ts',
  'test/app/sql-in-repositories.test.ts',
  'test/app/test-layout.test.ts',
  'test/db/sqlite-settings.test.ts',
  'test/lib/images.test.ts',
];
const apiProject = (name: string, db: 'sqlite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: {
    name,
    env: { TEST_DB: db },
    isolate: false,
    maxWorkers: os.availableParallelism(),
    sequence: { groupOrder: 1 },
    ...(db === 'postgres' ? { exclude: [...configDefaults.exclude, ...engineFree] } : {}),
  },
});

// Files that spend most of their time waiting on real seconds (outages held for a second or two),
// not on the CPU. Vitest starts the files it has no timings for largest first, and the drills are
// small: in a fresh clone or on CI they came last and ran alone while the other worker sat idle.
// They start first instead. Files whose child processes keep a core busy (the import's kill tests,
// the release's commands) stay in Vitest's order: started together at the front, they slowed each
// other past their limits.
const waitingFiles = ['test/system/outage-drills.test.ts'];
const apiRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'apps/api');
for (const name of waitingFiles) {
  if (!fs.existsSync(path.join(apiRoot, name))) throw new Error(`vitest.config.ts: waitingFiles names ${name}, which is not there`);
}

class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) =>
      file.project.name.startsWith('api:') && waitingFiles.some((name) => file.moduleId.endsWith(`/apps/api/${name}`));
    // Projects stay in the order Vitest gave them; within one, the waiting files move to the front.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) => {
      const own = sorted.filter((file) => file.project.name === name);
      return [...own.filter(waits), ...own.filter((file) => !waits(file))];
    });
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: WaitingFilesFirst },
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/web/vitest.config.ts',
      apiProject('api:sqlite', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api:postgres', 'postgres')] : []),
    ],
  },
});
