import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` and `npm test` rebuild when the build is stale (scripts/lib.mjs). Stale means any file
// the build reads differs from the last build's: sources, and the config files and manifests too.

const lib = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/lib.mjs');

// The very functions `npm start` calls, loaded here once: they read only the tree they are given,
// so a node process of its own for every question would add nothing but start-up.
let check: { inputsDigest(dir: string): string; buildIsCurrent(dir: string): boolean };

/** Asks scripts/lib.mjs as `npm start` would: is the recorded build current, or record this tree's. */
function ask(tree: string, question: 'current' | 'record'): boolean {
  if (question === 'current') return check.buildIsCurrent(tree);
  fs.mkdirSync(path.join(tree, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(tree, '.tmp/build-stamp'), check.inputsDigest(tree));
  return true;
}

const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/shared/src/ui-texts.ts',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'apps/api/src/server.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/vite.islands.config.ts',
  'apps/web/vite.shared.ts',
  'apps/web/react-router.config.ts',
  'apps/web/src/root.tsx',
  'apps/web/public/logo.svg',
  'apps/web/scripts/postbuild.mjs',
];
const NOT_INPUTS = ['README.md', 'docs/architecture.md', 'apps/api/test/a.test.ts', 'e2e/a.spec.ts', 'apps/api/tsconfig.tsbuildinfo'];

let tree: string;
beforeAll(async () => {
  check = (await import(lib)) as typeof check;
  tree = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-build-inputs-'));
  for (const file of [...INPUTS, ...NOT_INPUTS, 'apps/api/dist/server.js', 'apps/web/build/client/index.html']) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), `// ${file}\n`);
  }
  ask(tree, 'record');
});
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

describe("the build's staleness check", () => {
  it('finds the recorded build current, and not when an output is missing', () => {
    expect(ask(tree, 'current')).toBe(true);
    fs.renameSync(path.join(tree, 'apps/api/dist/server.js'), path.join(tree, 'server.js.away'));
    expect(ask(tree, 'current')).toBe(false);
    fs.renameSync(path.join(tree, 'server.js.away'), path.join(tree, 'apps/api/dist/server.js'));
    expect(ask(tree, 'current')).toBe(true);
  });

  it.each(INPUTS)('rebuilds when %s changes, and not once it is back as it was', (file) => {
    const full = path.join(tree, file);
    const before = fs.readFileSync(full);
    fs.appendFileSync(full, '// edited\n');
    expect(ask(tree, 'current')).toBe(false);
    fs.writeFileSync(full, before);
    expect(ask(tree, 'current')).toBe(true);
  });

  it('rebuilds when a source or a new config file appears, or a source is removed', () => {
    for (const added of ['apps/web/src/features/new.tsx', 'apps/web/vite.other.config.ts', 'apps/api/tsconfig.build.json']) {
      fs.mkdirSync(path.dirname(path.join(tree, added)), { recursive: true });
      fs.writeFileSync(path.join(tree, added), 'export {};\n');
      expect(ask(tree, 'current'), added).toBe(false);
      fs.rmSync(path.join(tree, added));
      expect(ask(tree, 'current'), added).toBe(true);
    }
    const source = path.join(tree, 'apps/api/src/server.ts');
    const kept = fs.readFileSync(source);
    fs.rmSync(source);
    expect(ask(tree, 'current')).toBe(false);
    fs.writeFileSync(source, kept);
  });

  it('does not rebuild for a file the build does not read, or for a touch that changes no content', () => {
    for (const file of NOT_INPUTS) fs.appendFileSync(path.join(tree, file), 'more\n');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(tree, 'apps/web/vite.islands.config.ts'), later, later);
    expect(ask(tree, 'current')).toBe(true);
  });
});
