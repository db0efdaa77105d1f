import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type Storage, isValidKey } from './storage.js';

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
      await fsp.writeFile(temp, bytes, { mode: 0o600 });
      await fsp.rename(temp, target);
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
  };
}
