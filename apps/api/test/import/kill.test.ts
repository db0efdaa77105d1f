import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, cliEnv } from '@visa/test-support/processes';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { runImport, subdir, tempDir, writeManyApplications } from './fixtures.js';

// Twenty batches of 500: the kill comes at the first progress line, with most of the file still to go.
const COUNT = 10_000;
const adminCli = path.resolve(import.meta.dirname, '../../dist/cli/admin.js');

describe('an import killed mid-way', () => {
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    buildApi();
    t = await createTestApp();
    work = tempDir('visa-import-kill-');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Two imports of thousands of records in a child process: on a busy machine they have taken 20 s.
  // The limit is for a hang.
  it('and started again finishes with every record once', { timeout: 60_000 }, async () => {
    const source = writeManyApplications(subdir(work, 'src'), COUNT);
    const child = spawn(process.execPath, [adminCli, 'import', source], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', ...cliEnv(t.config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Killed as soon as the progress line shows a batch written, whenever that is.
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const done = /import: (\d+) records done/.exec(output);
      if (done && Number(done[1]) >= 500) child.kill('SIGKILL');
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    expect(await exited, output).toBe('SIGKILL');
    const written = await count();
    expect(written).toBeGreaterThanOrEqual(500);
    expect(written).toBeLessThan(COUNT);
    // Whole batches only: a batch is one transaction.
    expect(written % 500).toBe(0);

    const again = await runImport(t.config, [source], work);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`applications: ${COUNT - written} imported, 0 updated, ${written} unchanged, 0 skipped`);
    expect(await count()).toBe(COUNT);
    const distinct = await t.db
      .selectFrom('applications')
      .select((eb) => eb.fn.count<number>('email').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(COUNT);
    const cities = await t.db.selectFrom('applications').select('birth_city').distinct().execute();
    expect(cities).toEqual([{ birth_city: 'ঢাকা' }]);
    const counted = await t.db.selectFrom('application_counts').select('n').where('kind', '=', 'status').execute();
    expect(counted.reduce((sum, r) => sum + Number(r.n), 0)).toBe(COUNT);
  });
});
