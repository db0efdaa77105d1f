// `npm run admin -- …` and `npm run db:migrate`: build if needed, then run the API's CLI. A release
// does not carry this file: the CLI takes its presence for a clone and names its commands
// `npm run admin -- …` here, `bin/visa-desk admin …` elsewhere (apps/api/src/cli/command-name.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

const [name, ...args] = process.argv.slice(2);
ensureInstalled();
ensureBuilt();
const res = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/cli', `${name}.js`), ...args], { stdio: 'inherit' });
process.exit(res.status ?? 1);
