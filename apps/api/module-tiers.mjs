// The API's modules in tiers, read from the folders: apps/api/src/modules/<tier>/<module>/. A module
// may import a module of its own tier or of a lower one, never a higher one, and no two modules may
// reach each other through their imports. ESLint's zones and the architecture test are both made
// from what this file reads, so a new module or tier is covered the day its folder exists.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lowest first. The kernel holds what every area keeps (history, settings, limits, the record). */
export const TIERS = ['kernel', 'domain', 'operations'];

const here = path.dirname(fileURLToPath(import.meta.url));
export const MODULES_DIR = path.join(here, 'src', 'modules');

const folders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** Every module as { tier, name, dir }, read from the folders; a folder under modules/ that is no tier is an error. */
export function listModules(modulesDir = MODULES_DIR) {
  const stray = folders(modulesDir).filter((name) => !TIERS.includes(name));
  if (stray.length > 0) throw new Error(`apps/api/src/modules/ holds only tier folders (${TIERS.join(', ')}); found ${stray.join(', ')}`);
  return TIERS.flatMap((tier) => {
    const dir = path.join(modulesDir, tier);
    return fs.existsSync(dir) ? folders(dir).map((name) => ({ tier, name, dir: path.join(dir, name) })) : [];
  });
}

/** The import-x/no-restricted-paths zones: each tier's folder may import nothing from the tiers above it. */
export function tierZones(relativeModulesDir = './apps/api/src/modules') {
  return TIERS.slice(0, -1).map((tier, index) => {
    const higher = TIERS.slice(index + 1);
    return {
      target: `${relativeModulesDir}/${tier}`,
      from: higher.map((h) => `${relativeModulesDir}/${h}`),
      message: `A ${tier} module imports no module of a higher tier (${higher.join(', ')}): move the shared piece down, or call up through an argument.`,
    };
  });
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every .ts file under a folder, at any depth. */
export const sourceFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

/**
 * The arrows between modules, from every relative import in apps/api/src (type-only ones too: a type
 * ties two modules as much as a call). A file outside modules/ is named by its path from src, e.g.
 * `config.ts` or `plugins`; a module by `tier/name`. Answers Map<from, Map<to, files importing>>.
 */
export function moduleGraph(srcDir = path.join(here, 'src')) {
  const modulesDir = path.join(srcDir, 'modules');
  const owner = (file) => {
    const rel = path.relative(srcDir, file).split(path.sep);
    if (rel[0] === 'modules' && rel.length >= 4) return `${rel[1]}/${rel[2]}`;
    return rel[0];
  };
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const from = owner(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(modulesDir + path.sep)) continue;
      const to = owner(target.replace(/\.js$/, '.ts'));
      if (to === from || !to.includes('/')) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      const files = graph.get(from).get(to) ?? [];
      files.push(path.relative(srcDir, file));
      graph.get(from).set(to, files);
    }
  }
  return graph;
}

/** Groups of two or more modules that reach each other through their imports (Tarjan's strongly connected components). */
export function moduleCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Arrows from a module to one of a higher tier, and from a file that must import no module (config.ts, plugins, infra, lib, db). */
export function tierViolations(graph) {
  const rank = (name) => TIERS.indexOf(name.split('/')[0]);
  const violations = [];
  for (const [from, targets] of graph) {
    for (const [to, files] of targets) {
      const fromIsModule = from.includes('/');
      if (fromIsModule ? rank(to) > rank(from) : ['config.ts', 'plugins', 'infra', 'lib', 'db'].includes(from))
        violations.push({ from, to, files });
    }
  }
  return violations;
}
