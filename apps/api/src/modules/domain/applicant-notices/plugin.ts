import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OutboxWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker, for every channel: `kick()` after queuing a message, `runOnce()` in tests. */
    outbox: OutboxWorker;
  }
}

/**
 * Sends what the outbox holds in the background (ADR 0009, ADR 0060). It starts when the app is
 * ready and stops in preClose, before the database is closed in onClose, so a run never meets a
 * closed connection.
 */
export default fp(
  async function outbox(app: FastifyInstance, opts: { outbox: OutboxWorker }) {
    const worker = opts.outbox;
    app.decorate('outbox', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.close());
  },
  { name: 'outbox' },
);
