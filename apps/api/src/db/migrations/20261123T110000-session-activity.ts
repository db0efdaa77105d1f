import { type Kysely, sql } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One row per session family (every refresh token descended from one sign-in): when it started,
 * when the person last did something, when it must end, and once ended, when and why. The idle
 * and absolute limits are kept on this row (ADR 0018); the sessions table still holds one row per
 * refresh token for rotation and reuse detection.
 *
 * Families that exist already are carried over: started at their first token, last active at
 * their newest one, ended if no token of theirs is live.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('session_families')
    .addColumn('family_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('last_active_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('session_families_user_idx').on('session_families').column('user_id').execute();

  await sql`
    insert into session_families (family_id, user_id, started_at, last_active_at, expires_at, ended_at, end_reason)
    select family_id, min(user_id), min(created_at), max(created_at), max(expires_at),
      case when sum(case when revoked_at is null then 1 else 0 end) = 0 then max(revoked_at) end,
      case when sum(case when revoked_at is null then 1 else 0 end) = 0 then 'elsewhere' end
    from sessions
    group by family_id
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('session_families').ifExists().execute();
}
