import type { Db } from '../../../db/connection.js';
import { countEmails } from '../../domain/applicant-notices/outbox-status-repository.js';

/** What a backup's manifest counts, read from the snapshot it describes. */
export async function tableCounts(db: Db) {
  const count = async (table: 'users' | 'applications' | 'application_documents' | 'slides' | 'audit_events') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    applications: await count('applications'),
    documents: await count('application_documents'),
    slides: await count('slides'),
    auditEvents: await count('audit_events'),
    emails: await countEmails(db),
  };
}
