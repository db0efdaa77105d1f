import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Application, ApplicationFormValues } from '@visa/shared/applications';
import { type FieldOverrides, applicationFields } from '@visa/test-support/applications';
import { type ApiHarness, multipartBody } from '../../../../test/api-harness';
import { jpegFile } from '../../../../test/files';

/**
 * Adds an application through the real add route, as the staff member last signed in through the
 * harness (a factory for list and edit tests); the answer is the application as the API shows it.
 */
export async function seedApplication(h: ApiHarness, overrides: FieldOverrides = {}): Promise<Application> {
  const form = new FormData();
  for (const [k, v] of Object.entries(applicationFields(overrides))) form.append(k, v);
  form.append('image', await jpegFile('p.jpg'));
  const { body, contentType } = await multipartBody(form);
  const res = await h.t.request({
    method: 'POST',
    url: '/api/application/addApplication',
    token: h.staff.token,
    headers: { 'content-type': contentType },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`seed failed: ${res.statusCode} ${res.body}`);
  return res.json() as Application;
}

/** The application form's typed and picked fields by their labels, in the form's order. */
export const LABELS: [keyof ApplicationFormValues, string][] = [
  ['surname', 'Surname'],
  ['givenN', 'Given name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['nationalId', 'National ID'],
  ['sex', 'Sex'],
  ['dob', 'Date of birth'],
  ['birthCity', 'Birth city'],
  ['currentN', 'Current nationality'],
  ['identification', 'Identification (visible marks)'],
  ['company', 'Company'],
  ['dutyDuration', 'Duty duration'],
  ['jobTitle', 'Job title'],
  ['salary', 'Salary'],
  ['passport', 'Passport'],
  ['issuedCountry', 'Issued country'],
];

/**
 * The form's fields by the text of the label that names each (`for`), read in one pass over the
 * page. Testing Library's label lookup walks every element of the page for each label, the country
 * lists' 500 options included: in jsdom that was 40 % of a form test's time. A text that names no
 * field or more than one is left to that lookup, which says what is wrong.
 */
function fieldsByLabel(): (label: string) => HTMLElement {
  const found = new Map<string, HTMLElement | null>();
  for (const label of document.querySelectorAll('label')) {
    const text = label.textContent?.trim() ?? '';
    const control = label.htmlFor ? document.getElementById(label.htmlFor) : null;
    found.set(text, found.has(text) ? null : control);
  }
  return (label) => found.get(label) ?? screen.getByLabelText(label);
}

/**
 * Fills every field of the application form as a person would: pasted (the form reads a field's
 * value, not how it was entered) or picked; a missing value leaves the field empty.
 */
export async function fillApplicationFields(user: UserEvent, values: Partial<Record<keyof ApplicationFormValues, string>>) {
  // The country lists arrive a moment after the form.
  await waitFor(() => expect(screen.getByLabelText('Issued country')).toBeEnabled());
  const field = fieldsByLabel();
  for (const [name, label] of LABELS) {
    const control = field(label);
    const value = values[name] ?? '';
    if (control instanceof HTMLSelectElement) {
      await user.selectOptions(control, value);
    } else {
      await user.clear(control);
      if (value) await user.paste(value);
    }
  }
}
