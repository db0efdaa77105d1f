import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { architectureDocProblems, type CodeNames, databaseTables, type FolderEntry, findModules } from './architecture-doc.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const apiSource = path.join(repoRoot, 'apps/api/src');
const architectureDoc = path.join(repoRoot, 'docs/architecture.md');

/** Every .ts file under a folder, migrations left out: they are frozen history, not today's code. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The files declaring what matches, searched for rather than named: the code's folders move. */
const filesDeclaring = (pattern: RegExp) => sourceFiles(apiSource).filter((file) => pattern.test(fs.readFileSync(file, 'utf8')));

const JOB_TABLE =
  /export (?:(?:async )?function (\w+)|const (\w+)\s*=\s*(?:async )?)\((?:(?!export )[\s\S])*?\)\s*:\s*(?:readonly )?Job\[\]/;

interface JobLike {
  name: string;
  everyMs: number;
}

/**
 * The scheduled jobs as the server builds them, from the exported function that answers `Job[]`,
 * with every optional job switched on (backups: SQLite and local files). Building the list touches
 * neither the database nor the storage, so those are left as stand-ins.
 */
async function scheduledJobNames(): Promise<string[]> {
  const [file, ...others] = filesDeclaring(JOB_TABLE);
  expect(file, 'one exported function of apps/api/src answers Job[]').toBeDefined();
  expect(others).toEqual([]);
  const declared = JOB_TABLE.exec(fs.readFileSync(file!, 'utf8'))!;
  const exported = (declared[1] ?? declared[2])!;
  const module = (await import(pathToFileURL(file!).href)) as Record<string, (deps: Record<string, unknown>) => JobLike[]>;
  const config = loadConfig(
    { DATA_DIR: path.join(repoRoot, '.tmp/architecture-doc'), BACKUP_EVERY_HOURS: '24', LOG_LEVEL: 'silent' },
    repoRoot,
  );
  const unused = new Proxy({}, { get: () => () => undefined });
  return module[exported]!({ config, db: unused, storage: unused, log: unused }).map((job) => job.name);
}

function databaseTableNames(): string[] {
  const [file, ...others] = filesDeclaring(/export interface Database\s*\{/);
  expect(file, 'one file of apps/api/src declares interface Database').toBeDefined();
  expect(others).toEqual([]);
  return databaseTables(fs.readFileSync(file!, 'utf8'));
}

const moduleNames = () =>
  findModules((relativeDir) =>
    fs
      .readdirSync(path.join(apiSource, 'modules', relativeDir), { withFileTypes: true })
      .map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory() })),
  );

describe('docs/architecture.md', () => {
  let code: CodeNames;
  let doc: string;

  beforeAll(async () => {
    code = { tables: databaseTableNames(), jobs: await scheduledJobNames(), modules: moduleNames() };
    doc = fs.readFileSync(architectureDoc, 'utf8');
  });

  it('reads names from the code', () => {
    // An empty list would make the check below pass on nothing.
    expect(code.tables).toContain('applications');
    expect(code.jobs).toContain('housekeeping');
    expect(code.modules).toContain('applications');
  });

  it('names every table with its owning module, every scheduled job and every API module', () => {
    expect(architectureDocProblems(doc, code)).toEqual([]);
  });

  it('fails when a row of the real document goes missing', () => {
    const withoutAuditRow = doc
      .split('\n')
      .filter((line) => !line.startsWith('| `audit_events`'))
      .join('\n');
    expect(architectureDocProblems(withoutAuditRow, code)).toEqual(['the table `audit_events` has no row in "## Tables"']);
  });
});

describe('the architecture document checker', () => {
  const code: CodeNames = { tables: ['users', 'slides'], jobs: ['sweep-files'], modules: ['auth', 'slides'] };
  const doc = (parts: { tables?: string; jobs?: string; modules?: string } = {}) =>
    [
      "## The API's folders",
      '',
      '```',
      'plugins/   error-handler, auth',
      'modules/',
      parts.modules ?? '  auth     sign-in\n  slides   the home page pictures',
      '```',
      '',
      '## Tables',
      '',
      '| table | what it holds | owned by |',
      '| --- | --- | --- |',
      parts.tables ?? '| `users` | staff accounts | `auth` |\n| `slides` | home-page slides | `slides` |',
      '',
      '## Jobs',
      '',
      '| job | what it does | how often |',
      '| --- | --- | --- |',
      parts.jobs ?? '| `sweep-files` | removes files nothing refers to | every hour |',
      '',
    ].join('\n');

  it('passes a document that names everything', () => {
    expect(architectureDocProblems(doc(), code)).toEqual([]);
  });

  it('fails on a missing table, a table that is gone, and an owner that is no module', () => {
    expect(architectureDocProblems(doc({ tables: '| `users` | staff accounts | `auth` |' }), code)).toEqual([
      'the table `slides` has no row in "## Tables"',
    ]);
    const stale = '| `users` | staff accounts | `users` |\n| `slides` | slides | `slides` |\n| `sliders` | old slides | `slides` |';
    expect(architectureDocProblems(doc({ tables: stale }), code)).toEqual([
      'the row of `users` in "## Tables" names `users` as its owner, which is no module',
      '"## Tables" has a row for `sliders`, which is no table of interface Database',
    ]);
  });

  it('fails on a missing job, a job that is gone, and a job row without its period', () => {
    expect(architectureDocProblems(doc({ jobs: '| `backup` | copies everything | daily |' }), code)).toEqual([
      'the scheduled job `sweep-files` has no row in "## Jobs"',
      '"## Jobs" has a row for `backup`, which is no scheduled job',
    ]);
    expect(architectureDocProblems(doc({ jobs: '| `sweep-files` | removes files nothing refers to | |' }), code)).toEqual([
      'the row of `sweep-files` in "## Jobs" does not say what it does and how often',
    ]);
  });

  it('fails on a module missing from the module list, even when a plugin of that name is listed above it', () => {
    expect(architectureDocProblems(doc({ modules: '  slides   the home page pictures' }), code)).toEqual([
      'the module `auth` is not in the module list of "## The API\'s folders"',
    ]);
  });

  it('fails when a section is missing', () => {
    expect(architectureDocProblems('# Architecture\n', code)).toEqual([
      'there is no "## Tables" section',
      'there is no "## Jobs" section',
      'there is no "## The API\'s folders" section',
    ]);
  });

  it('finds modules one level down and inside folders that group them, never a module’s own subfolders', () => {
    const tree: Record<string, FolderEntry[]> = {
      '': [
        { name: 'slides', isDirectory: true },
        { name: 'kernel', isDirectory: true },
        { name: 'README.md', isDirectory: false },
      ],
      slides: [
        { name: 'routes.ts', isDirectory: false },
        { name: 'pictures', isDirectory: true },
      ],
      'slides/pictures': [{ name: 'resize.ts', isDirectory: false }],
      kernel: [
        { name: 'auth', isDirectory: true },
        { name: 'notes', isDirectory: true },
      ],
      'kernel/auth': [{ name: 'service.ts', isDirectory: false }],
      'kernel/notes': [{ name: 'todo.md', isDirectory: false }],
    };
    expect(findModules((dir) => tree[dir] ?? [])).toEqual(['auth', 'slides']);
  });

  it('reads the table names of interface Database', () => {
    const source =
      'interface UsersTable {\n  id: string;\n}\nexport interface Database {\n  users: UsersTable;\n  job_runs: JobRunsTable;\n}\n';
    expect(databaseTables(source)).toEqual(['users', 'job_runs']);
  });
});
