import type { ApplicationInput } from './applications.js';

/**
 * The one label of every application field, in the words of the product's field list: the staff
 * form, the applicant copy (page and PDF) and the history panel all read it from here, so the
 * same field never goes by two names. Where the product names a field only by its API name, the
 * form's wording stands.
 */
export const FIELD_LABELS = {
  surname: 'Surname',
  givenN: 'Given name',
  email: 'Email',
  phone: 'Phone',
  nationalId: 'National ID',
  sex: 'Sex',
  dob: 'Date of birth',
  birthCity: 'Birth city',
  currentN: 'Current nationality',
  identification: 'Identification (visible marks)',
  company: 'Company',
  dutyDuration: 'Duty duration',
  jobTitle: 'Job title',
  salary: 'Salary',
  passport: 'Passport',
  issuedCountry: 'Issued country',
  image: 'Image',
  isStatus: 'Status',
  pending: 'Visa collect date',
  approve: 'Visa approve date',
  visaType: 'Visa type',
} as const satisfies Record<keyof ApplicationInput | 'image' | 'isStatus' | 'pending' | 'approve', string>;
export type LabelledField = keyof typeof FIELD_LABELS;

/** A label inside a sentence ("Details edited: birth city"): lower-case first letter, abbreviations kept. */
export const fieldLabelInSentence = (field: LabelledField): string => {
  const label: string = FIELD_LABELS[field];
  return label.charAt(0).toLowerCase() + label.slice(1);
};
