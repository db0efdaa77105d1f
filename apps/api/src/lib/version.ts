import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * This release's version: the root package.json's, three folders up from both the source
 * (src/lib) and the build (dist/lib), in a clone and in a release folder alike (ADR 0048).
 */
export const APP_VERSION: string = (() => {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');
  try {
    const { version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
})();
