import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildRelease, must, repoRoot, versionOf } from './release-helpers.js';

// The release of this tree's HEAD, built once for both release files (vitest.release.config.ts):
// the real `npm run release` in a fresh clone (nothing installed, nothing built), with files git
// does not track and an edit nobody committed lying in it, which the release must leave out. The
// upgrade unpacks the same tarball: a release is HEAD's files whatever tree builds it (ADR 0066),
// so a second build would cost minutes and test nothing more.

/** What a working tree may hold that git does not track, passwords among them: never packed (ADR 0066). */
export const UNTRACKED = {
  'deploy/visa-desk.env': 'SMTP_URL=smtp://office:a-real-password@mail.example.com:587\n',
  'apps/web/build/client/.env.local': 'VITE_SECRET=never-shipped\n',
  'apps/web/.env.local': 'VITE_SECRET=never-shipped\n',
};
const UNCOMMITTED = '\nAn edit nobody committed.\n';

interface BuiltRelease {
  /** The fresh clone it was built in, checked out at `head`. */
  clone: string;
  head: string;
  version: string;
  tarball: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    builtRelease: BuiltRelease;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-release-clone-'));
  // Off the main thread: Vitest is stopping the test workers meanwhile, on the same event loop.
  const remove = () => fs.promises.rm(clone, { recursive: true, force: true });
  try {
    const head = must('git', ['rev-parse', 'HEAD'], { cwd: repoRoot }).trim();
    must('git', ['clone', '--quiet', '--no-checkout', repoRoot, clone]);
    must('git', ['checkout', '--quiet', '--detach', head], { cwd: clone });
    for (const [file, text] of Object.entries(UNTRACKED)) {
      fs.mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
      fs.writeFileSync(path.join(clone, file), text);
    }
    fs.appendFileSync(path.join(clone, 'CHANGELOG.md'), UNCOMMITTED);
    const version = versionOf(clone);
    // npm's cache is warm wherever these tests run; the registry is asked only for what it lacks.
    const tarball = buildRelease(clone, { npm_config_prefer_offline: 'true' });
    project.provide('builtRelease', { clone, head, version, tarball });
    return remove;
  } catch (error) {
    fs.rmSync(clone, { recursive: true, force: true });
    throw error;
  }
}
