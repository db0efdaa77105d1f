import fsp from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_FORMAT, DATABASE, MANIFEST, type Manifest, SUMS, hashFile } from './backup-format.js';

/**
 * Every regular file under `dir`, as forward-slash paths relative to it, and everything else that
 * is neither a file nor a folder (a symbolic link, a device): a backup never holds those, and
 * following one would read outside the backup.
 */
async function walk(dir: string): Promise<{ files: string[]; others: string[] }> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  const relative = (e: (typeof entries)[number]) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/');
  return {
    files: entries
      .filter((e) => e.isFile())
      .map(relative)
      .sort(),
    others: entries
      .filter((e) => !e.isFile() && !e.isDirectory())
      .map(relative)
      .sort(),
  };
}

/**
 * Checks every checksum, and that nothing was added or removed; answers the problems found, the
 * manifest, and what SHA256SUMS lists (path → SHA-256), the only list a restore may act on.
 */
export async function verifyBackup(dir: string): Promise<{ problems: string[]; manifest: Manifest | null; sums: Map<string, string> }> {
  const problems: string[] = [];
  let sums: string;
  try {
    sums = await fsp.readFile(path.join(dir, SUMS), 'utf8');
  } catch {
    return { problems: [`${SUMS} is missing: ${dir} is not a complete backup`], manifest: null, sums: new Map() };
  }
  const listed = new Map<string, string>();
  for (const line of sums.split('\n')) {
    if (!line) continue;
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    const rel = m?.[2];
    if (!m || !rel || rel.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
      problems.push(`${SUMS} has a malformed line`);
      continue;
    }
    listed.set(rel, m[1]!);
  }
  const { files, others } = await walk(dir);
  for (const rel of others) problems.push(`not a regular file (a symbolic link or a device): ${rel}`);
  const present = new Set(files.filter((f) => f !== SUMS));
  for (const [rel, expected] of listed) {
    if (!present.has(rel)) {
      problems.push(`missing: ${rel}`);
      continue;
    }
    if ((await hashFile(path.join(dir, rel))).sha256 !== expected) problems.push(`checksum mismatch: ${rel}`);
  }
  for (const rel of present) if (!listed.has(rel)) problems.push(`not in ${SUMS}: ${rel}`);

  let manifest: Manifest | null = null;
  if (listed.has(MANIFEST) && present.has(MANIFEST)) {
    try {
      manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    } catch {
      problems.push(`${MANIFEST} is not readable JSON`);
    }
  } else problems.push(`${MANIFEST} is missing`);
  if (manifest && manifest.format !== BACKUP_FORMAT) problems.push(`unknown backup format ${String(manifest.format)}`);
  if (!listed.has(DATABASE)) problems.push(`${DATABASE} is missing`);
  return { problems, manifest, sums: listed };
}
