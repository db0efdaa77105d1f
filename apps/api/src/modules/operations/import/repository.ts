import { sql } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { NewApplicationRow } from '../../../db/schema-applications.js';
import type { MappedSlide, MappedUser } from './map-accounts.js';

/** The SQL of an import: a batch of the earlier app's records at a time, inside the caller's transaction. */

/** `updated_at` of those ids already in the product: what was imported before (or is being imported again). */
export async function updatedAtOf(db: Db, table: 'applications' | 'slides', ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'updated_at']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.updated_at]));
}

/** Applications holding any of these emails or passports (in their stored forms). */
export async function applicationsHolding(db: Db, emails: string[], passports: string[]) {
  if (!emails.length && !passports.length) return [];
  return db
    .selectFrom('applications')
    .select(['id', 'email', 'passport'])
    .where((eb) => eb.or([eb('email', 'in', emails.length ? emails : ['']), eb('passport', 'in', passports.length ? passports : [''])]))
    .execute();
}

export async function insertApplications(db: Db, rows: NewApplicationRow[]): Promise<void> {
  if (rows.length) await db.insertInto('applications').values(rows).execute();
}

/**
 * A newer copy of an imported application: every field it came with; the product's own (photo,
 * creator) stay. So does the stage staff moved it to, unless the status says otherwise: a decided
 * copy is at the decision, and a pending copy of a decided one goes back to preparing (ADR 0083).
 */
export async function replaceApplication(db: Db, row: NewApplicationRow): Promise<void> {
  const { id, image_key: _image, thumb_key: _thumb, created_by: _creator, stage: _stage, ...fields } = row;
  const stage =
    row.status === 'pending' ? sql<string>`case when stage = 'decision' then 'preparing' else stage end` : sql<string>`'decision'`;
  await db
    .updateTable('applications')
    .set({ ...fields, stage })
    .where('id', '=', id)
    .execute();
}

/**
 * Photo and document addresses for the files step, in the same transaction as their records. An
 * address already queued stays as it is, however far the files step got with it.
 */
export async function queueImportFiles(db: Db, files: { applicationId: string; field: string; url: string }[], now: string): Promise<void> {
  if (!files.length) return;
  await db
    .insertInto('import_files')
    .values(files.map((f) => ({ application_id: f.applicationId, field: f.field, url: f.url, state: 'pending' as const, updated_at: now })))
    .onConflict((oc) => oc.columns(['application_id', 'field']).doNothing())
    .execute();
}

/** Staff accounts holding any of these ids or emails. */
export async function usersHolding(db: Db, ids: string[], emails: string[]) {
  if (!ids.length) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where((eb) => eb.or([eb('id', 'in', ids), eb('email', 'in', emails.length ? emails : [''])]))
    .execute();
}

/** Sub-admins, with the earlier app's bcrypt hash as their password hash. */
export async function insertUsers(db: Db, users: MappedUser[]): Promise<void> {
  if (!users.length) return;
  await db
    .insertInto('users')
    .values(
      users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        role: 'admin' as const,
        password_hash: u.passwordHash,
        created_at: u.createdAt,
        updated_at: u.updatedAt,
      })),
    )
    .execute();
}

/** Imported slides go after the slides already there, in the order the earlier app kept them. */
export async function insertSlides(db: Db, slides: MappedSlide[]): Promise<void> {
  if (!slides.length) return;
  const last = await db
    .selectFrom('slides')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst();
  const first = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  await db
    .insertInto('slides')
    .values(
      slides.map((s, i) => ({
        id: s.id,
        thumbnail: s.thumbnail,
        title: s.title,
        image_key: null,
        image_variants: '[]',
        status: s.status,
        link: '',
        shown_on_navbar: 0,
        position: first + i,
        // As the API does when a slide comes without alt text.
        alt_text: s.thumbnail,
        created_at: s.createdAt,
        updated_at: s.updatedAt,
      })),
    )
    .execute();
}

export async function updateSlide(db: Db, slide: MappedSlide): Promise<void> {
  await db
    .updateTable('slides')
    .set({ thumbnail: slide.thumbnail, title: slide.title, status: slide.status, updated_at: slide.updatedAt })
    .where('id', '=', slide.id)
    .execute();
}
