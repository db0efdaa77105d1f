import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';

/**
 * WORKERS=N (ADR 0022): this process becomes the primary of N server processes that share the
 * port (node:cluster hands out connections in turn). Everything they share lives in the database —
 * sessions, rate-limit counters, the job leases that let one process run each scheduled job — so
 * the primary holds no state: it starts the workers, replaces one that dies, and stops them all on
 * SIGTERM or SIGINT. Migrations and the first owner account are settled before the workers start,
 * so the generated password is printed once.
 */
export async function runPrimary(config: Config, prepare: () => Promise<void>): Promise<void> {
  await prepare();

  let stopping = false;
  const deaths: number[] = [];
  const live = new Set<Worker>();
  let listening = 0;
  let announced = false;

  const start = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once('listening', () => {
      listening += 1;
      if (!announced && listening >= config.WORKERS) {
        announced = true;
        process.stdout.write(
          `\n  Visa desk is running at ${config.publicUrl} (${config.WORKERS} server processes)\n  Staff sign in at ${config.publicUrl}/login\n\n`,
        );
      }
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(0);
        return;
      }
      // A worker that dies is replaced, unless they keep dying (a port in use, a broken database):
      // then the whole server stops, so a supervisor sees the failure instead of a restart loop.
      const now = Date.now();
      deaths.push(now);
      while (deaths.length && deaths[0]! < now - 60_000) deaths.shift();
      // One write per line: the workers share this stderr, and a line written in two parts can
      // have another process's output land between them.
      const exited = `server process ${worker.process.pid} exited (${signal ?? `code ${code}`})`;
      if (deaths.length > config.WORKERS * 3) {
        process.stderr.write(`${exited}; too many in the last minute, stopping\n`);
        stopAll(1);
        return;
      }
      process.stderr.write(`${exited}; starting another\n`);
      setTimeout(start, 250 * deaths.length);
    });
  };

  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    // Each worker finishes its in-flight requests (server.ts); one that hangs is killed.
    for (const worker of live) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const worker of live) worker.process.kill('SIGKILL');
      process.exit(1);
    }, 15_000);
    timer.unref();
    if (live.size === 0 || code !== 0) {
      void Promise.all([...live].map((w) => new Promise((resolve) => w.once('exit', resolve)))).then(() => process.exit(code));
    }
  };

  process.on('SIGTERM', () => stopAll(0));
  process.on('SIGINT', () => stopAll(0));
  for (let i = 0; i < config.WORKERS; i++) start();
}
