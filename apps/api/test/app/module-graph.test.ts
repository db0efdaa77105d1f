import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TIERS, listModules, moduleCycles, moduleGraph, tierViolations } from '../../module-tiers.mjs';

/** A throwaway src/ tree with the files given (path → imports), for planted cases. */
function plantedSrc(files: Record<string, string[]>): string {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-graph-'));
  planted.push(src);
  for (const [file, imports] of Object.entries(files)) {
    const full = path.join(src, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    const lines = imports.map((specifier, i) => `import { x${i} } from '${specifier}';`);
    fs.writeFileSync(full, `${lines.join('\n')}\nexport const x = 1;\n`);
  }
  return src;
}
const planted: string[] = [];
afterAll(() => planted.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the API modules, as their imports draw them', () => {
  it('stand in tier folders only, each tier holding modules', () => {
    const modules = listModules();
    expect(new Set(modules.map((m) => m.tier))).toEqual(new Set(TIERS));
    for (const m of modules) expect(fs.readdirSync(m.dir).some((f) => f.endsWith('.ts'))).toBe(true);
  });

  it('have no two modules that reach each other', () => {
    expect(moduleCycles(moduleGraph())).toEqual([]);
  });

  it('never import a module of a higher tier, and config, plugins, infra, lib and db import no module', () => {
    expect(tierViolations(moduleGraph())).toEqual([]);
  });
});

describe('the checks refuse', () => {
  it('a two-way pair, and a longer ring, inside one tier', () => {
    const src = plantedSrc({
      'modules/domain/a/service.ts': ['../b/service.js'],
      'modules/domain/b/service.ts': ['../a/repository.js'],
      'modules/domain/a/repository.ts': [],
      'modules/domain/c/service.ts': ['../d/service.js'],
      'modules/domain/d/service.ts': ['../e/service.js'],
      'modules/domain/e/service.ts': ['../c/service.js', '../../kernel/k/repository.js'],
      'modules/kernel/k/repository.ts': [],
    });
    expect(moduleCycles(moduleGraph(src))).toEqual([
      ['domain/a', 'domain/b'],
      ['domain/c', 'domain/d', 'domain/e'],
    ]);
  });

  it('an import from a higher tier, and a module imported by config.ts, whatever the import form', () => {
    const src = plantedSrc({
      'modules/kernel/k/repository.ts': ['../../domain/a/service.js'],
      'modules/domain/a/service.ts': ['../../kernel/k/repository.js'],
      'config.ts': ['./modules/kernel/k/repository.js'],
    });
    fs.appendFileSync(path.join(src, 'modules/domain/a/service.ts'), "export const later = () => import('../../operations/o/run.js');\n");
    fs.mkdirSync(path.join(src, 'modules/operations/o'), { recursive: true });
    fs.writeFileSync(path.join(src, 'modules/operations/o/run.ts'), 'export type T = 1;\n');
    const found = tierViolations(moduleGraph(src)).map((v: { from: string; to: string }) => `${v.from} -> ${v.to}`);
    expect(found.sort()).toEqual(['config.ts -> kernel/k', 'domain/a -> operations/o', 'kernel/k -> domain/a']);
  });

  it('a folder under modules/ that is no tier', () => {
    const src = plantedSrc({ 'modules/kernel/k/repository.ts': [], 'modules/stray/service.ts': [] });
    expect(() => listModules(path.join(src, 'modules'))).toThrow(/only tier folders/);
  });
});
