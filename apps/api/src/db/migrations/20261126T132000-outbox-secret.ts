import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Where a queued message's secret goes back in at send time (the outbox's placeholder, as of this migration). */
const PLACEHOLDER = '{{secret}}';
/** A forgot-password link as earlier versions wrote it into the body: the token itself. */
const RESET_TOKEN = /(\/reset-password#token=)([A-Za-z0-9_-]+)/g;

/**
 * A message can carry one secret (a forgot-password token) in a column of its own, wiped once the
 * message is sent or given up; the body holds a placeholder instead (ADR 0040). Messages queued by
 * earlier versions with the token in their body are rewritten the same way: a sent one loses the
 * token, a waiting one keeps it in the new column until it is sent.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('email_outbox').addColumn('secret', 'text').execute();
  const rows: { id: string; status: string; text_body: string; html_body: string | null }[] = await db
    .selectFrom('email_outbox')
    .select(['id', 'status', 'text_body', 'html_body'])
    .where('text_body', 'like', '%/reset-password#token=%')
    .execute();
  for (const row of rows) {
    const token = [...row.text_body.matchAll(RESET_TOKEN)][0]?.[2];
    if (!token) continue;
    const waiting = row.status === 'queued' || row.status === 'sending';
    await db
      .updateTable('email_outbox')
      .set({
        text_body: row.text_body.replace(RESET_TOKEN, `$1${PLACEHOLDER}`),
        html_body: row.html_body?.replace(RESET_TOKEN, `$1${PLACEHOLDER}`) ?? null,
        secret: waiting ? token : null,
      })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('email_outbox').dropColumn('secret').execute();
}
