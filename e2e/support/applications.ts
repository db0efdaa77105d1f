import { type Page, expect } from '@playwright/test';
import { jpeg } from '@visa/test-support/images';

interface AddedApplication {
  _id: string;
  email: string;
  passport: string;
  visaType: string;
}

/**
 * Adds an application the way staff do, through the add call (multipart), with a passport and an
 * email of its own. `fields` replace the defaults (the names a journey looks for, its visa type);
 * `passportPrefix` starts the passport, so a journey's applicants are told apart in the list.
 */
export async function addApplication(page: Page, token: string, fields: Record<string, string> = {}, passportPrefix = 'EB') {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
  const givenN = fields.givenN ?? 'Shirin';
  const res = await page.request.post('/api/application/addApplication', {
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
    multipart: {
      surname: 'Akter',
      givenN,
      email: `${givenN.split(' ')[0]!.toLowerCase()}.${tag.toLowerCase()}@example.com`,
      phone: '8801812345678',
      nationalId: '1992123456789',
      sex: 'Female',
      dob: '1992-07-09',
      birthCity: 'Sylhet',
      currentN: 'Bangladeshi',
      identification: 'Scar on right hand',
      company: 'Northern Care Homes',
      dutyDuration: '3 years',
      jobTitle: 'Caring Operator',
      salary: 'CAD 3,000 / month',
      passport: `${passportPrefix}${tag}`.slice(0, 12),
      issuedCountry: 'Bangladesh',
      ...fields,
      image: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(300, 400, '#c08060') },
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as AddedApplication;
}
