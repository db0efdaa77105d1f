import { randomBytes } from 'node:crypto';
import { ApplicationInputSchema, type ApplicationFormValues } from '@visa/shared/applications';
import { countryKey } from '@visa/shared/country-matching';
import type { Db } from '../../../apps/api/src/db/connection.js';
import type { ApplicationRow, NewApplicationRow } from '../../../apps/api/src/db/schema-applications.js';
import { newId } from '../../../apps/api/src/lib/ids.js';
import { inputColumns } from '../../../apps/api/src/modules/domain/applications/mapping.js';
import type { Storage } from '../../../apps/api/src/infra/storage/storage.js';
import { APPLICANT_FORM } from './forms.js';
import { jpeg } from './images.js';
import type { TestApp } from './test-app.js';

// ---------------------------------------------------------------------------------------------
// One applicant, as a form and as a stored row
// ---------------------------------------------------------------------------------------------

let serial = 0;

/** Any field as a person could type it, valid or not. */
export type FieldOverrides = Partial<Record<keyof ApplicationFormValues, string>>;

/**
 * A complete, valid add form whose email and passport nobody else has. An override left
 * undefined keeps the default.
 */
export function applicationFields(overrides: FieldOverrides = {}): Record<keyof ApplicationFormValues, string> {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}${randomBytes(2).toString('hex')}`.toUpperCase();
  return {
    ...APPLICANT_FORM,
    email: `karim.${tag.toLowerCase()}@example.com`,
    passport: `P${tag}`.slice(0, 20),
    ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
  };
}

/** The applicant whose copy the enquiry tests read back: the values their assertions name. */
export const ENQUIRY_APPLICANT = {
  surname: 'Rahman',
  given_name: 'Ayesha',
  sex: 'Female',
  dob: '1994-03-12',
  company: 'Maple Foods Ltd',
  job_title: 'Cook',
  pending_date: '2026-12-01',
} satisfies Partial<NewApplicationRow>;

/**
 * Inserts one application straight into the database, so tests of the applicant file do not
 * depend on the add route of another module. The columns are the ones the add route writes for
 * `applicationFields()` (unique email and passport); `storage` also stores a photo for it. A test
 * of a migration, on a database from before later ones, names in `omit` the columns it lacks.
 */
export async function createApplication(
  db: Db,
  overrides: Partial<NewApplicationRow> = {},
  options: { storage?: Storage; omit?: (keyof NewApplicationRow)[] } = {},
): Promise<ApplicationRow> {
  const now = new Date().toISOString();
  let imageKey: string | null = null;
  if (options.storage) {
    imageKey = `private/photo-${newId()}.jpg`;
    await options.storage.put(imageKey, await jpeg(300, 400), 'image/jpeg');
  }
  const row: NewApplicationRow = {
    id: newId(),
    ...inputColumns(ApplicationInputSchema.parse(applicationFields())),
    image_key: imageKey,
    thumb_key: null,
    status: 'pending',
    pending_date: now.slice(0, 10),
    approve_date: null,
    is_admin: 0,
    created_by: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  // The search keys follow overridden names and nationality, as the add route keeps them.
  row.surname_key = overrides.surname_key ?? row.surname.toLowerCase();
  row.given_name_key = overrides.given_name_key ?? row.given_name.toLowerCase();
  row.current_nationality_key = overrides.current_nationality_key ?? countryKey(row.current_nationality);
  for (const column of options.omit ?? []) delete row[column];
  await db.insertInto('applications').values(row).execute();
  return (await db.selectFrom('applications').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow()) as ApplicationRow;
}

// ---------------------------------------------------------------------------------------------
// Through the add route
// ---------------------------------------------------------------------------------------------

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

export function multipart(fields: Record<string, string>, image?: FilePart | null, imageField = 'image'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (image) form.append(imageField, new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

export async function addApplication(
  t: TestApp,
  token: string,
  fields: Record<string, string> = applicationFields(),
  image: FilePart | null = null,
) {
  const photo = image ?? { bytes: await jpeg(), name: 'photo.jpg', type: 'image/jpeg' };
  return t.request({ method: 'POST', url: '/api/application/addApplication', token, payload: multipart(fields, photo) });
}

/** Row counts of every table an application request may touch, to prove a refused request changed nothing. */
export async function tableCounts(t: TestApp) {
  const count = async (table: 'applications' | 'application_documents' | 'audit_events') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    applications: await count('applications'),
    documents: await count('application_documents'),
    audit: await count('audit_events'),
  };
}
