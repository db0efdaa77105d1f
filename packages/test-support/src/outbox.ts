import type { Mailer } from '../../../apps/api/src/infra/mail-transport.js';
import { createProviders } from '../../../apps/api/src/infra/text-providers/providers.js';
import {
  type OutboxWorker,
  type OutboxWorkerOptions,
  createOutboxWorker,
} from '../../../apps/api/src/modules/domain/applicant-notices/worker.js';
import type { TestApp } from './test-app.js';

/**
 * A second worker of a test app's outbox, as another process would run it: the same database and
 * configuration (its providers, zone and public address), its own mailer and, if the test says so,
 * its own retry and batch settings.
 */
export function outboxWorker(t: TestApp, mailer: Mailer, options: Omit<Partial<OutboxWorkerOptions>, 'db' | 'mailer'> = {}): OutboxWorker {
  return createOutboxWorker({
    db: t.db,
    mailer,
    providers: createProviders(t.config, t.config.publicUrl),
    log: t.app.log,
    timeZone: t.config.APP_TIMEZONE,
    publicUrl: t.config.publicUrl,
    ...options,
  });
}
