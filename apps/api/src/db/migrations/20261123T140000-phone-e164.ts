import type { Kysely } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const BATCH = 1000;

/**
 * Phone numbers are stored in E.164 from now on (ADR 0021). Numbers typed before, digits with an
 * optional +, are rewritten where they are valid phone numbers (Bangladesh as the default
 * country); anything else is left as it was typed. Read in id order, a batch at a time, so a
 * large table never sits in memory.
 */
export async function up(db: AnyDb): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; phone: string }[] = await db
      .selectFrom('applications')
      .select(['id', 'phone'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const { id, phone } of rows) {
      const parsed = /^\+?[\d ().-]{6,30}$/.test(phone.trim()) ? parsePhoneNumberFromString(phone.trim(), 'BD') : undefined;
      if (parsed?.isValid() && parsed.number !== phone) {
        await db.updateTable('applications').set({ phone: parsed.number }).where('id', '=', id).execute();
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** E.164 is also digits with a leading +, which the earlier rule accepted: nothing to undo. */
export async function down(): Promise<void> {}
