import cluster from 'node:cluster';
import net from 'node:net';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ensureSuperadmin } from './bootstrap.js';
import { runPrimary } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import jobsPlugin from './modules/operations/jobs/plugin.js';
import { defaultWebRoot, openRuntime, releaseMemoryWhenQuiet, releaseStartUpMemory } from './runtime.js';

/** How long kept-alive connections stay open once the server stops taking new ones. */
const KEEP_ALIVE_GRACE_MS = 1000;

/** Reads config, migrates, starts, and shuts down gracefully. Nothing else lives here. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  if (config.WORKERS > 1 && cluster.isPrimary) {
    const log = pino({ level: config.LOG_LEVEL });
    await runPrimary(config, async () => {
      const { db, applied } = await openRuntime(config);
      if (applied.length) log.info({ migrations: applied }, 'database migrated');
      await ensureSuperadmin(db, config, log);
      await db.destroy();
      // The primary only watches its workers from here on: what loading the app filled goes back too.
      releaseStartUpMemory();
    });
    return;
  }
  await serve(config);
}

/** One server process: on its own, or one of WORKERS started by the primary (cluster.ts). */
async function serve(config: Config) {
  const { db, secret, storage, applied } = await openRuntime(config);
  const app = await buildApp({ config, db, secret, storage, webRoot: defaultWebRoot(config) });
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  await ensureSuperadmin(db, config, app.log);
  // Scheduled sweep, housekeeping and backups; stopped in preClose, before the database closes.
  await app.register(jobsPlugin, { config, db, storage });
  app.addHook('onClose', async () => {
    await db.destroy();
  });

  let closing = false;
  // While shutting down, an answer also closes its connection: a kept-alive idle socket would
  // otherwise hold the process until the client's keep-alive times out.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck connection must not keep the process alive for ever.
    const timer = setTimeout(() => {
      app.log.error('forced exit after 10 s');
      process.exit(1);
    }, 10_000);
    timer.unref();
    // New connections are refused at once, so a proxy in front (deploy/Caddyfile) tries them again
    // until the next server listens, rather than getting an answer from one on its way out. Plain
    // net.Server's close, because http.Server's also closes idle kept-alive connections straight
    // away, and one the proxy is just sending a request on would cut that request: they stay open a
    // moment, and a request arriving on one is answered and closes it. Fastify's own close (jobs,
    // database) follows once every connection has ended.
    const drained = new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()));
    setTimeout(() => app.server.closeIdleConnections(), KEEP_ALIVE_GRACE_MS).unref();
    drained
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  releaseStartUpMemory();
  releaseMemoryWhenQuiet();
  // With several workers the primary says this once, when all of them listen.
  if (cluster.isWorker) return;
  process.stdout.write(`\n  Visa desk is running at ${config.publicUrl}\n  Staff sign in at ${config.publicUrl}/login\n\n`);
}

main().catch((err) => {
  process.stderr.write(`Start-up failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
