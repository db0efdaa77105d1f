// `npm run build`: the shared package first (both apps import its built files), then the API and
// the web app side by side, as neither reads the other's output. Each part's output is printed
// whole when it ends, so the two do not interleave; the first failure fails the build.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

function build(workspace) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent', '-w', workspace], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.error(`build: ${workspace} failed (exit ${code})`);
      resolve(code === 0);
    });
  });
}

const ok = (await build('@visa/shared')) && (await Promise.all([build('@visa/api'), build('@visa/web')])).every(Boolean);
process.exit(ok ? 0 : 1);
