import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder the code runs from: a release's or a clone's (apps/api/{src,dist}/cli is under it). */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * How the operator runs an admin command where this code runs, for the usage and the messages
 * that name a next command. A server has the release and Node, no npm: `bin/visa-desk admin`. A
 * clone (it has scripts/cli.mjs, which a release does not carry) runs `npm run admin --`. With
 * `absolute`, the release's entry point by its full path, for a command to copy as it is (the
 * restore of a backup, with the release that wrote it).
 */
export function adminCommand(folder = here, { absolute = false } = {}): string {
  if (fs.existsSync(path.join(folder, 'scripts/cli.mjs'))) return 'npm run admin --';
  return `${absolute ? path.join(folder, 'bin/visa-desk') : 'bin/visa-desk'} admin`;
}

/** `adminCommand()` for this folder: what every usage line starts with. */
export const ADMIN = adminCommand();
