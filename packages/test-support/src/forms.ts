import type { ApplicationFormValues } from '@visa/shared/applications';

/**
 * One applicant's add-application form, every field valid, as the office types it. Tests that
 * store it need a unique email and passport: `applicationFields` (applications.ts) gives those.
 */
export const APPLICANT_FORM: Readonly<Record<keyof ApplicationFormValues, string>> = {
  surname: 'Rahman',
  givenN: 'Karim',
  email: 'karim@example.com',
  phone: '8801712345678',
  nationalId: '1990123456789',
  sex: 'Male',
  dob: '1990-04-12',
  birthCity: 'Dhaka',
  currentN: 'Bangladeshi',
  identification: 'Mole on left cheek',
  company: 'Maple Build Ltd',
  dutyDuration: '2 years',
  jobTitle: 'Electrician',
  salary: 'CAD 3,200 / month',
  passport: 'AB1234567',
  issuedCountry: 'Bangladesh',
};
