// `npm start`: install if needed, build if stale, then run the server (it migrates on start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_OPTIONS, ensureBuilt, ensureInstalled, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
