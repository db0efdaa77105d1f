import type { Db } from '../../../db/connection.js';

/** The statements of payment links (ADR 0091) besides the core's lookup (repository.ts). */

export interface NewPayLink {
  id: string;
  tokenHash: string;
  applicationId: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
}

export async function insertLink(db: Db, link: NewPayLink): Promise<void> {
  await db
    .insertInto('payment_links')
    .values({
      id: link.id,
      token_hash: link.tokenHash,
      application_id: link.applicationId,
      created_by: link.createdBy,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      closed_at: null,
    })
    .execute();
}

/** Closes the application's links still open (replaced, or paid in full); answers how many. */
export async function closeOpenLinks(db: Db, applicationId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('payment_links')
    .set({ closed_at: at })
    .where('application_id', '=', applicationId)
    .where('closed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
