import type { Db } from '../../db/connection.js';

/** What a backup's manifest counts, read from the snapshot it describes. */
export async function tableCounts(db: Db) {
  const count = async (table: 'users' | 'applications' | 'application_documents' | 'slides' | 'audit_events' | 'email_outbox') =>
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
    emails: await count('email_outbox'),
  };
}
