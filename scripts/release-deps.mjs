// The packages a release carries: what the server needs at run time, read from the lock file.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Only needed while npm installs a package, never when it runs: better-sqlite3's downloader of
 * prebuilt binaries (the release carries the binaries themselves).
 */
const INSTALL_ONLY = new Set(['prebuild-install']);

/** The workspaces whose code the server runs; the web app ships only its built files. */
const RUNTIME_WORKSPACES = ['apps/api', 'packages/shared'];

/**
 * The lock file's paths (`node_modules/a`, `apps/api/node_modules/b`, `node_modules/a/node_modules/c`)
 * of every package reachable from the runtime workspaces' dependencies, found the way Node
 * resolves them (nearest node_modules first, then each folder up). Optional dependencies not
 * installed here (other platforms' binaries) are left out; a required one missing is an error.
 */
export function runtimePackages(root) {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const entries = lock.packages;
  const found = new Set();
  const resolve = (from, name) => {
    let dir = from;
    for (;;) {
      const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
      if (entries[candidate]) return candidate;
      if (!dir) return null;
      const cut = dir.lastIndexOf('/node_modules/');
      dir = cut >= 0 ? dir.slice(0, cut) : dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
    }
  };
  const visit = (from) => {
    const entry = entries[from];
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const wanted = [
      ...Object.keys(entry.dependencies ?? {}).map((name) => [name, false]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, true]),
      ...Object.keys(entry.peerDependencies ?? {}).map((name) => [name, Boolean(optionalPeers[name]?.optional)]),
    ];
    for (const [name, optional] of wanted) {
      if (INSTALL_ONLY.has(name) || name.startsWith('@visa/')) continue;
      const at = resolve(from, name);
      if (!at || !fs.existsSync(path.join(root, at, 'package.json'))) {
        if (optional) continue;
        throw new Error(`release: ${from} needs ${name}, which is not installed (npm install first)`);
      }
      if (found.has(at)) continue;
      found.add(at);
      visit(at);
    }
  };
  for (const workspace of RUNTIME_WORKSPACES) visit(workspace);
  return [...found].sort();
}
