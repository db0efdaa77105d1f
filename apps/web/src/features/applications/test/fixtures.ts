import type { Application } from '@visa/shared/applications';
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
