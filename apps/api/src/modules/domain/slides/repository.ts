import { PostgresAdapter } from 'kysely';
import type { SlideStatus } from '@visa/shared/constants';
import type { Slide, SlideImageSource } from '@visa/shared/slides';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';
import type { SlideRow } from '../../../db/schema-system.js';

/** One stored file of a slide image, as kept in slides.image_variants. */
export interface StoredVariant {
  key: string;
  type: SlideImageSource['type'];
  width: number;
  height: number;
}

// SQLite has no FOR UPDATE (it serialises writers instead); PostgreSQL needs it to lock rows read in a transaction.
const locks = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Public keys `public/<name>` are served at `/media/<name>` (modules/domain/files). */
const mediaUrl = (key: string) => `/media/${key.slice('public/'.length)}`;

/** A hand-edited row must not take the home page or the file sweep down: what cannot be read is skipped. */
function parseVariants(json: string): StoredVariant[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter((v): v is StoredVariant => typeof (v as Partial<StoredVariant> | null)?.key === 'string') : [];
}

/** Every storage key a slide owns: what a delete or an image replacement removes. */
const imageKeysOf = (row: Pick<SlideRow, 'image_key' | 'image_variants'>): string[] => {
  const keys = new Set(parseVariants(row.image_variants).map((v) => v.key));
  if (row.image_key) keys.add(row.image_key);
  return [...keys];
};

function toSlide(row: SlideRow): Slide {
  const variants = parseVariants(row.image_variants);
  return {
    _id: row.id,
    thumbnail: row.thumbnail,
    title: row.title,
    image: row.image_key ? mediaUrl(row.image_key) : null,
    imageSet: variants.map((v) => ({ url: mediaUrl(v.key), width: v.width, height: v.height, type: v.type })),
    status: row.status,
    published: row.status === 'Published',
    shownOnNavbar: Number(row.shown_on_navbar) === 1,
    link: row.link,
    altText: row.alt_text,
    position: Number(row.position),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Display order: position, then the older slide first when two share a position. */
export async function listSlides(db: Db, options: { publishedOnly: boolean }): Promise<Slide[]> {
  let query = db.selectFrom('slides').selectAll();
  if (options.publishedOnly) query = query.where('status', '=', 'Published');
  const rows = await query.orderBy('position', 'asc').orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  return rows.map(toSlide);
}

export const findSlideRow = (db: Db, id: string): Promise<SlideRow | undefined> =>
  db.selectFrom('slides').selectAll().where('id', '=', id).executeTakeFirst();

export async function getSlide(db: Db, id: string): Promise<Slide | undefined> {
  const row = await findSlideRow(db, id);
  return row && toSlide(row);
}

export interface NewSlide {
  id: string;
  thumbnail: string;
  title: string;
  status: SlideStatus;
  link: string;
  altText: string;
  imageKey: string;
  variants: StoredVariant[];
}

/** Appends the slide at the end of the display order. */
export async function insertSlide(db: Db, slide: NewSlide): Promise<Slide> {
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('slides')
      .select((eb) => eb.fn.max('position').as('max'))
      .executeTakeFirst();
    const position = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
    const row = await trx
      .insertInto('slides')
      .values({
        id: slide.id,
        thumbnail: slide.thumbnail,
        title: slide.title,
        image_key: slide.imageKey,
        image_variants: JSON.stringify(slide.variants),
        status: slide.status,
        link: slide.link,
        shown_on_navbar: 0,
        position,
        alt_text: slide.altText,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSlide(row);
  });
}

export interface SlideChanges {
  thumbnail?: string;
  title?: string;
  status?: SlideStatus;
  shownOnNavbar?: boolean;
  link?: string;
  altText?: string;
}

export async function updateSlideRow(db: Db, id: string, changes: SlideChanges): Promise<Slide | null> {
  const row = await db
    .updateTable('slides')
    .set({
      ...(changes.thumbnail !== undefined ? { thumbnail: changes.thumbnail } : {}),
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.shownOnNavbar !== undefined ? { shown_on_navbar: changes.shownOnNavbar ? 1 : 0 } : {}),
      ...(changes.link !== undefined ? { link: changes.link } : {}),
      ...(changes.altText !== undefined ? { alt_text: changes.altText } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toSlide(row) : null;
}

/**
 * Points the slide at a new set of image files. Returns the updated slide and the keys of the
 * files it no longer uses (for the caller to remove once this has committed), or null when the
 * slide does not exist.
 */
export async function replaceSlideImage(
  db: Db,
  id: string,
  image: { imageKey: string; variants: StoredVariant[] },
): Promise<{ slide: Slide; oldKeys: string[] } | null> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('slides')
      .select(['image_key', 'image_variants'])
      .where('id', '=', id)
      .$if(locks(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!before) return null;
    const row = await trx
      .updateTable('slides')
      .set({ image_key: image.imageKey, image_variants: JSON.stringify(image.variants), updated_at: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { slide: toSlide(row), oldKeys: imageKeysOf(before) };
  });
}

/** Deletes the row; answers the storage keys it owned, or null when there was no such slide. */
export async function deleteSlideRow(db: Db, id: string): Promise<string[] | null> {
  const row = await db.deleteFrom('slides').where('id', '=', id).returning(['image_key', 'image_variants']).executeTakeFirst();
  return row ? imageKeysOf(row) : null;
}

/**
 * Gives the slides positions 0..n-1 in the order of `ids`, which must name every slide exactly
 * once: a list loaded before another member of staff added or deleted a slide is refused rather
 * than silently merged. Returns null on a mismatch.
 */
export async function reorderSlideRows(db: Db, ids: string[]): Promise<Slide[] | null> {
  return db.transaction().execute(async (trx) => {
    // Locked so that two reorders cannot interleave (a slide added meanwhile simply goes last).
    const current = await trx
      .selectFrom('slides')
      .select('id')
      .$if(locks(trx), (q) => q.forUpdate())
      .execute();
    const known = new Set(current.map((r) => r.id));
    if (known.size !== ids.length || ids.some((id) => !known.has(id))) return null;
    const now = nowIso();
    for (const [position, id] of ids.entries()) {
      await trx.updateTable('slides').set({ position, updated_at: now }).where('id', '=', id).execute();
    }
    const rows = await trx
      .selectFrom('slides')
      .selectAll()
      .orderBy('position', 'asc')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toSlide);
  });
}

/** Every storage key the slides point at: each stored variant of each picture. */
export async function listSlideStorageKeys(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('slides').select(['image_key', 'image_variants']).execute();
  return rows.flatMap(imageKeysOf);
}
