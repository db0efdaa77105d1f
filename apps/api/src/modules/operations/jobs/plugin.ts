import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { scheduledJobs } from './jobs.js';
import { type Scheduler, createScheduler } from './scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs (sweep, housekeeping, backup); `runDue()` runs what is due now. */
    jobs: Scheduler;
  }
}

/**
 * Periodic maintenance for a server process. When the app is ready (unless SCHEDULED_JOBS=false)
 * every job gets its row, so the System page lists it at once, and polling starts; it stops in
 * preClose, before the database closes, aborting a job in progress. The server registers it; tests
 * build apps without it unless they ask. `now` is the clock a test fixes.
 */
export default fp(
  async function scheduledJobsPlugin(app: FastifyInstance, opts: { config: Config; db: Db; storage: Storage; now?: () => Date }) {
    const log = app.log.child({ module: 'jobs' });
    const scheduler = createScheduler({ db: opts.db, jobs: scheduledJobs({ ...opts, log }), log });
    app.decorate('jobs', scheduler);
    if (opts.config.SCHEDULED_JOBS)
      app.addHook('onReady', async () => {
        await scheduler.prepare(opts.now?.());
        scheduler.start();
      });
    app.addHook('preClose', async () => scheduler.stop());
  },
  { name: 'scheduled-jobs' },
);
