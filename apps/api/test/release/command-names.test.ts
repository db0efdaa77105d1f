import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '@visa/test-support/processes';
import { repoRoot } from './release-helpers.js';

// The operator's commands name the next command as it is typed where they run: on a server (a
// release: bin/visa-desk, Node and no npm) `bin/visa-desk admin …`; in a clone `npm run admin -- …`.

let work: string;
let release: string;

beforeAll(() => {
  buildApi();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-names-'));
  // A release's layout as far as the CLI sees it: the built API, its entry point, no scripts/.
  release = path.join(work, 'canada-visa-desk-9.9.9-linux-x64');
  fs.cpSync(path.join(repoRoot, 'apps/api/dist'), path.join(release, 'apps/api/dist'), { recursive: true });
  fs.writeFileSync(path.join(release, 'apps/api/package.json'), '{"type":"module"}\n');
  fs.cpSync(path.join(repoRoot, 'package.json'), path.join(release, 'package.json'));
  fs.mkdirSync(path.join(release, 'bin'));
  fs.cpSync(path.join(repoRoot, 'scripts/release-files/visa-desk'), path.join(release, 'bin/visa-desk'));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(release, 'node_modules'));
}, 60_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const admin = (folder: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(folder, 'apps/api/dist/cli/admin.js'), ...args], {
    cwd: work,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', APP_SECRET: 'x'.repeat(40), ...env },
    encoding: 'utf8',
  });

/** A migrated, empty office in a data folder of its own. */
function office(name: string): string {
  const dataDir = path.join(work, name);
  const res = spawnSync(process.execPath, [path.join(repoRoot, 'apps/api/dist/cli/migrate.js')], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(res.stderr);
  return dataDir;
}

const usageLines = (text: string) => text.split('\n').filter((line) => /^ {2}\S/.test(line));

describe("the operator's commands in a release", () => {
  it("are named bin/visa-desk admin … in --help, a command's --help and the line for a wrong command", () => {
    const help = admin(release, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: bin\/visa-desk admin COMMAND/);
    const lines = usageLines(help.stdout);
    expect(lines.length).toBeGreaterThanOrEqual(9);
    // One line per command: its name, then what it does.
    for (const line of lines) expect(line).toMatch(/^ {2}[a-z-]+ {2,}[A-Z]/);
    expect(help.stdout).not.toContain('npm');
    const restore = admin(release, ['restore', '--help']);
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain('Usage: bin/visa-desk admin restore DIR');
    expect(restore.stdout).not.toContain('npm');
    const wrong = admin(release, ['make-coffee']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe('Unknown command make-coffee (bin/visa-desk admin --help lists the commands)\n');
  });

  it('end a backup with the restore command of the release that wrote it, by its full path', () => {
    const dataDir = office('data-release');
    const backup = admin(release, ['backup'], { DATA_DIR: dataDir });
    expect(backup.status, backup.stderr).toBe(0);
    const written = /^Backup written to (\S+)$/m.exec(backup.stdout)?.[1];
    expect(written).toBeDefined();
    expect(backup.stdout.trimEnd().split('\n').at(-1)).toBe(
      `Restore into an empty DATA_DIR with: ${release}/bin/visa-desk admin restore ${written}`,
    );
    expect(backup.stdout).not.toContain('npm');
  });
});

describe("the operator's commands in a clone", () => {
  it('list and name npm run admin -- …', () => {
    expect(admin(repoRoot, ['--help']).stdout).toMatch(/^Usage: npm run admin -- COMMAND/);
    expect(admin(repoRoot, ['restore', '--help']).stdout).toContain('Usage: npm run admin -- restore DIR');
    const backup = admin(repoRoot, ['backup'], { DATA_DIR: office('data-clone') });
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Restore into an empty DATA_DIR with: npm run admin -- restore \//);
  });
});
