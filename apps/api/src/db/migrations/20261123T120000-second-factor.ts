import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Two-step sign-in (ADR 0019) and the owner's settings.
 * - second_factors: one row per account that has set up (or is setting up) an authenticator app.
 *   The TOTP secret is stored encrypted (AES-256-GCM); a pending secret waits for its first code;
 *   last_step is the newest accepted time step, so a code cannot be used twice.
 * - recovery_codes: the SHA-256 of each single-use recovery code.
 * - login_challenges: the answer to a correct password while a second step is due: the SHA-256 of
 *   its random token, who it is for, how many wrong codes it has had, and whether it was used.
 * - app_settings: office-wide settings as JSON values by key (the first: requireSecondFactor).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('second_factors')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_enc', 'text')
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('pending_secret_enc', 'text')
    .addColumn('pending_created_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addUniqueConstraint('recovery_codes_user_code', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('login_challenges_expires').on('login_challenges').column('expires_at').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('app_settings').ifExists().execute();
  await db.schema.dropTable('login_challenges').ifExists().execute();
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.dropTable('second_factors').ifExists().execute();
}
