import type { Db } from '../../../db/connection.js';

/** The one statement SSLCommerz's flow needs beyond the payments repository (ADR 0089). */

/** The applicant's first name: all of their own data SSLCommerz's session is given. */
export async function givenNameOf(db: Db, applicationId: string): Promise<string> {
  const row = await db.selectFrom('applications').select('given_name').where('id', '=', applicationId).executeTakeFirst();
  return row?.given_name.trim() ?? '';
}
