import fsp from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_FORMAT, DATABASE, MANIFEST, type Manifest, SUMS, hashFile } from './backup-format.js';

/** Every file under `dir`, as forward-slash paths relative to it. */
async function walk(dir: string): Promise<string[]> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** Checks every checksum, and that nothing was added or removed; answers the problems found. */
export async function verifyBackup(dir: string): Promise<{ problems: string[]; manifest: Manifest | null }> {
  const problems: string[] = [];
  let sums: string;
  try {
    sums = await fsp.readFile(path.join(dir, SUMS), 'utf8');
  } catch {
    return { problems: [`${SUMS} is missing: ${dir} is not a complete backup`], manifest: null };
  }
  const listed = new Map<string, string>();
  for (const line of sums.split('\n')) {
    if (!line) continue;
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    const rel = m?.[2];
    if (!m || !rel || rel.startsWith('/') || rel.split('/').includes('..')) {
      problems.push(`${SUMS} has a malformed line`);
      continue;
    }
    listed.set(rel, m[1]!);
  }
  const present = new Set((await walk(dir)).filter((f) => f !== SUMS));
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
  return { problems, manifest };
}
