import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OutboxWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The email outbox worker: `kick()` after queuing a message, `runOnce()` in tests. */
    outbox: OutboxWorker;
  }
}

/**
 * Sends queued emails in the background (ADR 0009). It starts when the app is ready and stops in
 * preClose, before the database is closed in onClose, so a run never meets a closed connection.
 */
export default fp(
  async function notifications(app: FastifyInstance, opts: { outbox: OutboxWorker }) {
    const worker = opts.outbox;
    app.decorate('outbox', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.close());
  },
  { name: 'notifications' },
);
