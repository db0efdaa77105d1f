import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listModules } from '../../module-tiers.mjs';

/** The API's tests mirror its code: a folder per module, and one for each part of src that is no module. */
const testRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(testRoot, '../../..');
const NOT_MODULES = ['app', 'plugins', 'lib', 'db', 'infra', 'cli', 'docs', 'release'];
const TEST_FILE = /\.(test|spec)\.tsx?$|\.slow\.ts$/;
const MAX_LINES = 400;

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'build') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });

describe('the test tree', () => {
  it('has a folder per API module or part of src, and no test file at its top', () => {
    const modules = new Set(listModules().map((m) => m.name));
    const entries = fs.readdirSync(testRoot, { withFileTypes: true });
    const loose = entries.filter((e) => e.isFile()).map((e) => e.name);
    const strays = entries.filter((e) => e.isDirectory() && !modules.has(e.name) && !NOT_MODULES.includes(e.name)).map((e) => e.name);
    expect({ loose, strays }).toEqual({ loose: [], strays: [] });
  });

  it('keeps every test file under 400 lines, so that each reads in one sitting', () => {
    const roots = ['apps/api/test', 'apps/web/src', 'apps/web/test', 'packages', 'e2e'].map((p) => path.join(repoRoot, p));
    const long = roots
      .filter((dir) => fs.existsSync(dir))
      .flatMap(filesUnder)
      .filter((file) => TEST_FILE.test(file))
      .map((file) => ({ file: path.relative(repoRoot, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
