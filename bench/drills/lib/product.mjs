// The product as drills use it: the built server as a child process on 127.0.0.1 that can be
// stopped gently or killed with SIGKILL, and a member of staff signed in through the real API.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import APPLICANT_FORM from '@visa/test-support/applicant-form.json' with { type: 'json' };
import sharp from 'sharp';
import { SERVER_NODE_OPTIONS } from '../../../scripts/lib.mjs';
import { freePort, root, serverJs } from '../../lib/processes.mjs';
import { onCleanup, sleep } from './harness.mjs';

const ADMIN = { email: 'drill-admin@example.com', password: 'drill-password-1234' };

export function requireBuild() {
  if (!fs.existsSync(serverJs)) {
    console.error('apps/api/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
}

/**
 * Starts `node apps/api/dist/server.js` with Node's options as `npm start` gives them and only the environment given here (plus PATH and
 * HOME), so a DATABASE_URL or STORAGE_DRIVER in the caller's shell never points a drill at real
 * data. Output goes to `logFile`. Answers once /api/health does.
 */
export async function startProduct({ env, logFile, port, timeoutMs = 60_000 }) {
  port ??= await freePort();
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, serverJs], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SCHEDULED_JOBS: 'true',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let killedOnPurpose = false;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server on port ${port} exited during start-up (${child.exitCode ?? child.signalCode}); see ${logFile}:\n${tail(logFile)}`,
      );
    }
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    // With WORKERS > 1 the first process may answer before the others listen.
    const workers = Number(env.WORKERS ?? 1);
    if (up && (workers <= 1 || fs.readFileSync(logFile, 'utf8').includes(`(${workers} server processes)`))) break;
    if (Date.now() - started > timeoutMs) throw new Error(`server on port ${port} not answering after ${timeoutMs} ms; see ${logFile}`);
    await sleep(50);
  }
  return {
    base,
    port,
    pid: child.pid,
    logFile,
    exited,
    /** True when the process ended without this drill stopping it: a crash. */
    get crashed() {
      return !killedOnPurpose && (child.exitCode !== null || child.signalCode !== null);
    },
    /** SIGKILL: no shutdown hook, no flush, no goodbye; what a power cut looks like to the process. */
    async kill9() {
      killedOnPurpose = true;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    /** SIGTERM, the graceful path (the server finishes in-flight requests within 10 s). */
    async stop() {
      killedOnPurpose = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const tail = (file, lines = 15) => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
};

/** Lines the server logged at error level or above (pino: level 50 error, 60 fatal), e.g. every 5xx. */
export function serverErrors(logFile) {
  const found = [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.level >= 50) found.push(entry);
    } catch {
      // Not a log line (a crash trace, for instance): shown by the caller's tail if it matters.
    }
  }
  return found;
}

/**
 * Signs in through the API as a browser does: the first answer sets the XSRF-TOKEN cookie, the
 * login POST echoes it in X-XSRF-TOKEN. `headers` carry the bearer token and the double submit,
 * good for every staff call, safe or not.
 */
export async function signIn(base, { email, password } = ADMIN) {
  const first = await fetch(`${base}/api/health`);
  const xsrf = first.headers
    .getSetCookie()
    .map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie from /api/health');
  const double = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const res = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...double },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return { token, headers: { authorization: `Bearer ${token}`, ...double } };
}

/** A complete, valid add form; `tag` makes the email and the passport unique. */
export function applicationFields(tag) {
  const t = tag.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return {
    ...APPLICANT_FORM,
    email: `drill.${t.toLowerCase()}@example.com`,
    passport: `D${t}`.slice(0, 20),
  };
}

/** A unique tag per application: a run prefix and a counter, base 36. */
export function tagMaker() {
  const run = randomBytes(3).toString('hex');
  let n = 0;
  return () => `${run}${(n++).toString(36)}`;
}

/** A real camera-sized JPEG: noise does not compress, so the server has real work to do with it. */
export async function photoJpeg(width = 480, height = 640) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function addApplication(base, session, fields, photo, { timeoutMs = 60_000 } = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${base}/api/application/addApplication`, {
    method: 'POST',
    headers: session.headers,
    body: form,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = await res.json().catch(() => null);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

/**
 * Reads one application back by id and both of its pictures through their signed URLs; answers
 * what is wrong with it, or null when the row is there and the photo and thumbnail decode.
 */
export async function checkApplication(base, session, id) {
  const res = await fetch(`${base}/api/application/fetchApplication/${id}`, { headers: session.headers });
  if (res.status !== 200) return `fetchApplication/${id}: ${res.status}`;
  const application = await res.json();
  for (const field of ['image', 'thumbnail']) {
    if (!application[field]) return `${id}: no ${field}`;
    const file = await fetch(new URL(application[field], base), { headers: session.headers });
    if (file.status !== 200) return `${id}: ${field} ${file.status}`;
    try {
      await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    } catch (err) {
      return `${id}: ${field} does not decode (${err.message})`;
    }
  }
  return null;
}
