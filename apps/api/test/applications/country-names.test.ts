import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { beforeAll, describe, expect, it } from 'vitest';
import { type Application, type ApplicationPage, ApplicationSchema } from '@visa/shared/applications';
import { countryName, matchCountry } from '@visa/shared/country-matching';
import { EnquiryResponseSchema } from '@visa/shared/enquiry';
import { addApplication, applicationFields, multipart } from '@visa/test-support/applications';
import { appForFile } from '@visa/test-support/file-app';
import { pdfText } from '@visa/test-support/pdf';

/**
 * Nationality and issuing country in answers (ADR 0035): the country's English name, with its code
 * in `currentNCode` / `issuedCountryCode`, or an old value no country matched as typed with null
 * codes; every answer that carries them says the same, and either form is taken on input.
 */

const t = appForFile();
let token: string;
beforeAll(async () => {
  token = (await t.createStaff()).token;
});

const base = '/api/application';
const COUNTRY_FIELDS = ['currentN', 'currentNCode', 'issuedCountry', 'issuedCountryCode'] as const;
const countriesOf = (answer: Partial<Record<(typeof COUNTRY_FIELDS)[number], unknown>>) =>
  Object.fromEntries(COUNTRY_FIELDS.map((field) => [field, answer[field]]));

const NAMED = { currentN: 'Bangladesh', currentNCode: 'BD', issuedCountry: 'India', issuedCountryCode: 'IN' };
const TYPED = { currentN: 'Martian', currentNCode: null, issuedCountry: 'Mars Colony', issuedCountryCode: null };

async function add(currentN: string, issuedCountry: string) {
  const res = await addApplication(t, token, applicationFields({ currentN, issuedCountry, dob: '1990-05-06' }));
  expect(res.statusCode).toBe(201);
  return ApplicationSchema.parse(res.json());
}

const get = (url: string) => t.request({ method: 'GET', url, token });

describe('every answer names the countries and gives their codes', () => {
  it.each([
    ['a country typed by demonym and by code', 'Bangladeshi', 'IND', NAMED],
    ['text that names no country', 'Martian', 'Mars Colony', TYPED],
    [
      'text that happens to be a property of every object',
      'constructor',
      '__proto__',
      { currentN: 'constructor', currentNCode: null, issuedCountry: '__proto__', issuedCountryCode: null },
    ],
  ])('%s', async (_, currentN, issuedCountry, expected) => {
    const added = await add(currentN, issuedCountry);
    expect(countriesOf(added)).toEqual(expected);

    const one = await get(`${base}/fetchApplication/${added._id}`);
    expect(countriesOf(one.json<Application>())).toEqual(expected);

    const list = (await get(`${base}/fetchApplication?search=${added.passport}`)).json<ApplicationPage>();
    expect(list.applications.map(countriesOf)).toEqual([expected]);

    const updated = await t.request({
      method: 'PUT',
      url: `${base}/updateApplication/${added._id}`,
      token,
      payload: multipart(applicationFields({ email: added.email, passport: added.passport, currentN, issuedCountry, dob: added.dob })),
    });
    expect(updated.statusCode).toBe(200);
    expect(countriesOf(updated.json<Application>())).toEqual(expected);

    const approved = await t.request({ method: 'PUT', url: `${base}/updateApplicationApprove/${added._id}`, token, payload: {} });
    expect(approved.statusCode).toBe(200);
    expect(countriesOf(approved.json<Application>())).toEqual(expected);

    const enquiry = await t.request({
      method: 'GET',
      url: `${base}/fetchApplicationEnquiry`,
      query: { search: added.passport, search1: currentN, search2: added.dob },
    });
    const copies = EnquiryResponseSchema.parse(enquiry.json()).applications;
    expect(copies.map(countriesOf)).toEqual([expected]);

    // Columns in order: … birthCity, currentN, identification … passport, issuedCountry, visaType, isStatus …
    const [, line] = (await get(`${base}/export?search=${added.passport}`)).body.split('\r\n');
    expect(line).toContain(`,${added.birthCity},${expected.currentN},`);
    expect(line).toContain(`,${added.passport},${expected.issuedCountry},Work,approved,`);

    const copy = await get(`${base}/applicationCopyPdf/${added._id}`);
    expect({ status: copy.statusCode, type: copy.headers['content-type'] }).toEqual({ status: 200, type: 'application/pdf' });
    const pdf = pdfText(copy.rawPayload);
    expect(pdf).toContain(`Current nationality ${expected.currentN}`);
    expect(pdf).toContain(`Issued country ${expected.issuedCountry}`);
  });
});

describe('an answer sent back as it came', () => {
  it('keeps the country: the name, like the code, is taken on input', async () => {
    const added = await add('BD', 'Indian');
    const sentBack = await t.request({
      method: 'PUT',
      url: `${base}/updateApplication/${added._id}`,
      token,
      payload: multipart(
        applicationFields({
          email: added.email,
          passport: added.passport,
          currentN: added.currentN,
          issuedCountry: added.issuedCountryCode!,
        }),
      ),
    });
    expect(sentBack.statusCode).toBe(200);
    expect(countriesOf(sentBack.json<Application>())).toEqual(NAMED);
    const stored = await t.db
      .selectFrom('applications')
      .select(['current_nationality', 'issued_country'])
      .where('id', '=', added._id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ current_nationality: 'BD', issued_country: 'IN' });
  });

  it('every name an answer can give names its own country again', () => {
    const codes = Object.keys(en.countries);
    expect(codes.length).toBeGreaterThan(240);
    expect(codes.filter((code) => matchCountry(countryName(code)) !== code)).toEqual([]);
  });
});
