import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// A fresh install prints no EBADENGINE warning on any supported Node (ADR 0072): every package the
// lock installs on this platform accepts the oldest supported Node 20 and the Node 24 CI runs. CI's
// install is `npm install --engine-strict` (.ci/run), so a warning there is a failed run; this
// checks the same ranges npm does, for both lines, without installing anything.

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Locked {
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}

const floor = semver.minVersion((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node)!.version;
const node24 = /^version=(\S+)$/m.exec(read('scripts/node24.sh'))![1]!;
const installedHere = (p: Locked) => (!p.os || p.os.includes(process.platform)) && (!p.cpu || p.cpu.includes(process.arch));

/** Packages of the lock whose `engines.node` refuses `version`, as npm would report them. */
function refusing(version: string): string[] {
  const packages = (JSON.parse(read('package-lock.json')) as { packages: Record<string, Locked> }).packages;
  return Object.entries(packages)
    .filter(([, p]) => installedHere(p) && p.engines && !Array.isArray(p.engines) && p.engines.node)
    .filter(([, p]) => !semver.satisfies(version, (p.engines as { node: string }).node, { includePrerelease: true }))
    .map(([key, p]) => `${key.replace(/^.*node_modules\//, '')} wants node ${(p.engines as { node: string }).node}`);
}

describe('the install on every supported Node', () => {
  it(`finds no package refusing Node ${floor} or ${node24}, and would find one refusing Node 18`, () => {
    expect({ [floor]: refusing(floor), [node24]: refusing(node24) }).toEqual({ [floor]: [], [node24]: [] });
    // The check can fail: plenty of the packages want Node 20 or later.
    expect(refusing('18.20.0').length).toBeGreaterThan(0);
  });

  it('has CI install with --engine-strict, so an engine warning fails the run', () => {
    expect(read('.ci/run')).toMatch(/^npm install .*--engine-strict/m);
  });
});
