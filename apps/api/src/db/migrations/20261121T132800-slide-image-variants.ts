import type { Kysely } from 'kysely';

// Frozen: this migration must never import application code or change once released.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A slide image is stored as several files (AVIF and WebP at a few widths, one JPEG fallback).
 * Their keys, sizes and types are kept as one JSON list beside image_key (the JPEG fallback), so
 * the list is read with the slide and every file can be removed with it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('slides')
    .addColumn('image_variants', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('slides').dropColumn('image_variants').execute();
}
