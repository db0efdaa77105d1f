import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The web app compiles the shared package from source, so it never waits for its build. */
export const sharedAlias = {
  find: /^@visa\/shared\/(.*)$/,
  replacement: path.resolve(here, '../../packages/shared/src/$1.ts'),
};
