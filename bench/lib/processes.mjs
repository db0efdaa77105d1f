// Child processes for benchmarks: the real server from apps/api/dist and a bare node:http
// baseline, each on its own free port, started and stopped the same way.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_OPTIONS } from '../../scripts/lib.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const serverJs = path.join(root, 'apps/api/dist/server.js');

/** The smallest useful HTTP server: what "as fast as Node can answer" means on this machine right now. */
const helloWorldJs = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"hello":"world"}'); }).listen(Number(process.env.PORT), '127.0.0.1')`;

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** Whether `url` answers without a server error. */
const answers = (url) =>
  fetch(url).then(
    (r) => r.status < 500,
    () => false,
  );

async function waitFor(url, child, timeoutMs = 30_000, answered = answers) {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with code ${child.exitCode}`);
    if (await answered(url)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`${url}: not answering after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function start(args, env, probePath, { stdout = 'ignore', cwd, baseEnv = process.env } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...baseEnv, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', stdout, 'inherit'],
    cwd,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${probePath}`, child);
  return {
    base,
    pid: child.pid,
    async stop() {
      // Gone already: exited, or killed by a signal.
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * The built server (or another build of it, `script`), at LOG_LEVEL=warn unless env says otherwise,
 * with Node's options as `npm start` gives them (the held young generation, ADR 0074), so its
 * memory and collections are those an office runs with; `nodeArgs` come after them (a later
 * option wins).
 */
export const startServer = (env, script = serverJs, nodeArgs = []) =>
  start([...SERVER_NODE_OPTIONS, ...nodeArgs, script], { LOG_LEVEL: 'warn', ...env }, '/api/health');
/**
 * The built server (or the one under another release's root, `releaseRoot`) as `npm start` runs it
 * (scripts/start.mjs): from the release's root, with the configuration's defaults, LOG_LEVEL
 * included, Node's options as `npm start` gives them, and its standard output, the log, written to the file `logFile` (as a service
 * manager would take it) rather than thrown away. Only `env` is added (and `nodeArgs`, for a profile).
 */
export function startAsOffice(env, { logFile, releaseRoot = root, nodeArgs = [] }) {
  const { LOG_LEVEL: _unset, ...inherited } = process.env;
  const fd = fs.openSync(logFile, 'a');
  const started = start([...SERVER_NODE_OPTIONS, ...nodeArgs, path.join(releaseRoot, 'apps/api/dist/server.js')], env, '/api/health', {
    stdout: fd,
    cwd: releaseRoot,
    baseEnv: inherited,
  });
  return started.finally(() => fs.closeSync(fd));
}

/**
 * CPU seconds a process has used (Linux /proc): requests per CPU second is the cost of an answer
 * whatever else the machine is doing, where req/s also measures how much CPU it was given.
 */
export function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

export const startHelloWorld = () => start(['-e', helloWorldJs], {}, '/');
/** The same-work reference server (reference-server.mjs) with the product's environment. */
export const startReference = (env, nodeArgs = []) =>
  start([...nodeArgs, path.join(import.meta.dirname, 'reference-server.mjs')], env, '/api/health');
/** The same-work reference for resumable uploads (upload-reference.mjs), keeping its files under `dir`. */
export const startUploadReference = (dir, env) =>
  start([path.join(import.meta.dirname, 'upload-reference.mjs')], { ...env, REFERENCE_DIR: dir }, '/health');

/**
 * Caddy (the `caddy` on the PATH, Debian's package) in front of `target`, as deploy/Caddyfile puts
 * it in front of the server: HTTPS with HTTP/2 and compression, less the domain (a certificate from
 * Caddy's own local authority, which nothing is asked to trust: a browser must be told to accept
 * it) and the log. Answers its https base and how to stop it; its files go with it.
 */
export async function startCaddyInFront(target) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-bench-caddy-'));
  const config = path.join(dir, 'Caddyfile');
  fs.writeFileSync(
    config,
    `{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n\tstorage file_system ${dir}/data\n}\n` +
      `https://127.0.0.1:${port} {\n\ttls internal\n\tencode zstd gzip\n\treverse_proxy ${new URL(target).host}\n}\n`,
  );
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    stdio: 'ignore',
    env: { ...process.env, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir, HOME: dir },
  });
  // Not installed: no process (no pid), and the wait below ends in the error that says so.
  child.on('error', () => {});
  const base = `https://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Caddy's certificate comes from its own local authority, which this machine does not trust.
  const answersOverTls = (url) =>
    new Promise((resolve) => {
      https
        .get(url, { rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode < 500);
        })
        .on('error', () => resolve(false));
    });
  try {
    await waitFor(`${base}/api/health`, child, 15_000, answersOverTls);
  } catch (error) {
    await stop();
    throw new Error(`Caddy did not answer at ${base} (is the caddy package installed?)`, { cause: error });
  }
  return { base, stop };
}
