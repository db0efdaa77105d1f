import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Storage, type StoredEntry, isValidKey } from './storage.js';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.pdf': 'application/pdf',
};

/** Files in a folder under DATA_DIR. Writes go to a temp file then rename, so readers never see half a file. */
export function createLocalStorage(root: string): Storage {
  fs.mkdirSync(path.join(root, 'private'), { recursive: true, mode: 0o700 });
  fs.mkdirSync(path.join(root, 'public'), { recursive: true });
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true, mode: 0o700 });
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = resolve(key);
      const temp = path.join(root, '.tmp', randomBytes(12).toString('hex'));
      try {
        await fsp.writeFile(temp, bytes, { mode: 0o600 });
        await fsp.rename(temp, target);
      } catch (err) {
        // A disk that filled up half-way leaves half a file: it goes at once, not at the next sweep.
        await fsp.rm(temp, { force: true }).catch(() => undefined);
        throw err;
      }
    },
    async get(key) {
      const file = resolve(key);
      try {
        const stat = await fsp.stat(file);
        return {
          body: fs.createReadStream(file),
          size: stat.size,
          contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async exists(key) {
      return fsp.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async *list(): AsyncIterable<StoredEntry> {
      for (const folder of ['private', 'public']) {
        for (const entry of await fsp.readdir(path.join(root, folder), { withFileTypes: true })) {
          const key = `${folder}/${entry.name}`;
          if (!entry.isFile() || !isValidKey(key)) continue;
          // Removed since the folder was read: simply not there any more.
          const stat = await fsp.stat(path.join(root, key)).catch(() => null);
          if (stat) yield { key, size: stat.size, lastModified: stat.mtime };
        }
      }
    },
    async check() {
      await fsp.access(path.join(root, 'private'), fs.constants.W_OK);
      await fsp.access(path.join(root, 'public'), fs.constants.W_OK);
      // Permission alone says nothing of room: a small file is written and removed, as a put would.
      const probe = path.join(root, '.tmp', `probe-${randomBytes(6).toString('hex')}`);
      try {
        await fsp.writeFile(probe, Buffer.alloc(4096), { mode: 0o600 });
      } finally {
        await fsp.rm(probe, { force: true });
      }
    },
    async removeStaleTemp(before) {
      let removed = 0;
      const temp = path.join(root, '.tmp');
      for (const name of await fsp.readdir(temp)) {
        const stat = await fsp.stat(path.join(temp, name)).catch(() => null);
        if (stat?.isFile() && stat.mtime < before) {
          await fsp.rm(path.join(temp, name), { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
