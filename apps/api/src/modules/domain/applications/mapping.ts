import type { ApplicationInput } from '@visa/shared/applications';
import { countryCode, countryKey, countryName, storedCountry } from '@visa/shared/country-matching';
import type { ApplicationRow, ApplicationUpdateRow } from '../../../db/schema-applications.js';

/**
 * The one mapping between the API's names of an application's stored fields
 * (docs/product.md#application-fields) and the columns of the applications table. Everything that
 * turns a row into an API shape (the application, the CSV export, the status-check copy, the
 * applicant file) or API values into columns goes through it.
 */
export const APPLICATION_COLUMNS = {
  _id: 'id',
  surname: 'surname',
  givenN: 'given_name',
  email: 'email',
  phone: 'phone',
  nationalId: 'national_id',
  sex: 'sex',
  dob: 'dob',
  birthCity: 'birth_city',
  currentN: 'current_nationality',
  identification: 'identification',
  company: 'company',
  dutyDuration: 'duty_duration',
  jobTitle: 'job_title',
  salary: 'salary',
  passport: 'passport',
  issuedCountry: 'issued_country',
  isStatus: 'status',
  pending: 'pending_date',
  approve: 'approve_date',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  visaType: 'visa_type',
} as const satisfies Record<string, keyof ApplicationRow>;

type Columns = typeof APPLICATION_COLUMNS;
export type ApplicationField = keyof Columns;
type ColumnOf<F extends ApplicationField> = Columns[F];
/** The stored fields under their API names, with the types of their columns. */
export type ApplicationFields = { [F in ApplicationField]: ApplicationRow[Columns[F]] };

/** The columns behind some fields, for a SELECT that reads only those. */
export const columnsOf = (fields: readonly ApplicationField[]): (keyof ApplicationRow)[] => fields.map((f) => APPLICATION_COLUMNS[f]);

/** Named fields of a row, under their API names. */
export function fieldsOf<F extends ApplicationField>(
  row: Pick<ApplicationRow, ColumnOf<F>>,
  fields: readonly F[],
): Pick<ApplicationFields, F> {
  const values: Partial<Record<ApplicationField, unknown>> = {};
  for (const field of fields) values[field] = row[APPLICATION_COLUMNS[field]];
  if (typeof values.email === 'string') values.email = shownValue(values.email);
  if (typeof values.passport === 'string') values.passport = shownValue(values.passport);
  return values as Pick<ApplicationFields, F>;
}

/**
 * What an erased application keeps in its two unique, required columns (email and passport):
 * a marker with its id (ADR 0052). No email or passport can take this form.
 */
export const erasedMarker = (id: string) => `${ERASED_PREFIX}${id}`;
const ERASED_PREFIX = 'erased:';

/** A unique column as every answer shows it: an erased application's marker is no value. */
export const shownValue = (value: string) => (value.startsWith(ERASED_PREFIX) ? '' : value);

/** The codes every answer gives beside the two countries' names (ADR 0035). */
export interface CountryCodes {
  currentNCode: string | null;
  issuedCountryCode: string | null;
}

/**
 * Stored countries as every answer gives them (ADR 0035): the country's English name with its
 * code beside it, or for an old value no country matched, the text as typed with a null code.
 * The one rule for it; `storedFields` below writes the same calls inline to keep the list's rows
 * of fixed shape, and a test holds the two equal. Stored values (codes) stay as they are
 * everywhere else: in the comparisons, the search and the history.
 */
export function withCountryNames<T extends Pick<ApplicationFields, 'currentN' | 'issuedCountry'>>(fields: T): T & CountryCodes {
  return {
    ...fields,
    currentN: countryName(fields.currentN),
    currentNCode: countryCode(fields.currentN),
    issuedCountry: countryName(fields.issuedCountry),
    issuedCountryCode: countryCode(fields.issuedCountry),
  };
}

/**
 * Every stored field of a row under its API name, as answers give them: the mapping above
 * written out as one object literal. A list answer builds this for every row, and an object of
 * fixed shape is many times cheaper to build and to serialise than one assembled key by key from
 * the table (which V8 keeps as a dictionary). A test holds it equal to
 * `withCountryNames(fieldsOf(row, every field))`.
 */
export function storedFields(row: ApplicationRow): ApplicationFields & CountryCodes {
  return {
    _id: row.id,
    surname: row.surname,
    givenN: row.given_name,
    email: shownValue(row.email),
    phone: row.phone,
    nationalId: row.national_id,
    sex: row.sex,
    dob: row.dob,
    birthCity: row.birth_city,
    currentN: countryName(row.current_nationality),
    currentNCode: countryCode(row.current_nationality),
    identification: row.identification,
    company: row.company,
    dutyDuration: row.duty_duration,
    jobTitle: row.job_title,
    salary: row.salary,
    passport: shownValue(row.passport),
    issuedCountry: countryName(row.issued_country),
    issuedCountryCode: countryCode(row.issued_country),
    isStatus: row.status,
    pending: row.pending_date,
    approve: row.approve_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    visaType: row.visa_type,
  };
}

/** API-named values as the columns they are stored in. */
export function toColumns(values: Partial<ApplicationFields>): ApplicationUpdateRow {
  const columns: Partial<Record<keyof ApplicationRow, unknown>> = {};
  for (const [field, value] of Object.entries(values))
    if (value !== undefined) columns[APPLICATION_COLUMNS[field as ApplicationField]] = value;
  return columns as ApplicationUpdateRow;
}

/** The lower-cased copy of a name that the prefix search ranges over with an index. */
export const searchKey = (name: string) => name.toLowerCase();

/** Columns written from validated add or edit input. */
export function inputColumns(input: ApplicationInput) {
  return {
    // Passport is already normalised (upper-cased, no spaces) by the shared schema, so the
    // unique index also catches 'ab 123' against 'AB123'.
    ...(toColumns(input) as Pick<ApplicationRow, ColumnOf<keyof ApplicationInput>>),
    // A country named by code, name or demonym is stored as its alpha-2 code; text that names no
    // country is kept as typed (ADR 0024). The key is what the status check and the search compare.
    current_nationality: storedCountry(input.currentN),
    issued_country: storedCountry(input.issuedCountry),
    surname_key: searchKey(input.surname),
    given_name_key: searchKey(input.givenN),
    current_nationality_key: countryKey(input.currentN),
  };
}
