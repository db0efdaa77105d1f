import { beforeAll, describe, expect, it } from 'vitest';
import type { Application, ApplicationPage } from '@visa/shared/applications';
import { pleaseEnterValid } from '@visa/shared/ui-texts';
import { ENQUIRY_APPLICANT, addApplication, applicationFields, createApplication, multipart } from '@visa/test-support/applications';
import { createTestApp, databaseBefore } from '@visa/test-support/test-app';
import { appForFile, auditDetails } from '@visa/test-support/file-app';

/** Nationality and issuing country as ISO codes, found by any way of writing them (ADR 0024). */

const t = appForFile();
let token: string;
beforeAll(async () => {
  token = (await t.createStaff()).token;
});

const stored = (id: string) =>
  t.db
    .selectFrom('applications')
    .select(['current_nationality', 'current_nationality_key', 'issued_country'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

let addressSeq = 0;
const enquire = (search: string, search1: string, search2: string) =>
  t.request({
    method: 'GET',
    url: '/api/application/fetchApplicationEnquiry',
    query: { search, search1, search2 },
    remoteAddress: `10.9.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`,
  });

describe('storing a country', () => {
  it.each(['Bangladeshi', 'Bangladesh', 'BD', 'BGD', ' bangladeshi '])('stores %j as BD', async (typed) => {
    const res = await addApplication(t, token, applicationFields({ currentN: typed, issuedCountry: typed }));
    expect(res.statusCode).toBe(201);
    const added = res.json<Application>();
    expect([added.currentN, added.issuedCountry]).toEqual(['Bangladesh', 'Bangladesh']);
    expect([added.currentNCode, added.issuedCountryCode]).toEqual(['BD', 'BD']);
    expect(await stored(added._id)).toEqual({ current_nationality: 'BD', current_nationality_key: 'BD', issued_country: 'BD' });
  });

  it('keeps text that names no country as typed, and an edit stores the code', async () => {
    const added = (
      await addApplication(t, token, applicationFields({ currentN: 'Martian', issuedCountry: 'Mars Colony' }))
    ).json<Application>();
    expect([added.currentN, added.issuedCountry]).toEqual(['Martian', 'Mars Colony']);
    expect((await stored(added._id)).current_nationality_key).toBe('martian');
    const edited = await t.request({
      method: 'PUT',
      url: `/api/application/updateApplication/${added._id}`,
      token,
      payload: multipart(applicationFields({ email: added.email, passport: added.passport, currentN: 'Indian', issuedCountry: 'ind' })),
    });
    expect(edited.statusCode).toBe(200);
    expect(await stored(added._id)).toEqual({ current_nationality: 'IN', current_nationality_key: 'IN', issued_country: 'IN' });
  });

  it('an edit that names the stored country another way records no change to it', async () => {
    const added = (await addApplication(t, token, applicationFields({ currentN: 'BD', issuedCountry: 'BD' }))).json<Application>();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/application/updateApplication/${added._id}`,
      token,
      payload: multipart(
        applicationFields({
          email: added.email,
          passport: added.passport,
          currentN: 'Bangladeshi',
          issuedCountry: 'bgd',
          company: 'Other Ltd',
        }),
      ),
    });
    expect(edited.statusCode).toBe(200);
    const [audit] = await auditDetails(t, added._id, 'application.update');
    expect(audit!.fields).toEqual(['company']);
  });

  it('still refuses an empty nationality or issuing country with the same messages', async () => {
    const noNationality = await addApplication(t, token, applicationFields({ currentN: ' ' }));
    expect(noNationality.statusCode).toBe(400);
    expect(noNationality.json().message).toBe(pleaseEnterValid('current nationality'));
    const noCountry = await addApplication(t, token, applicationFields({ issuedCountry: '' }));
    expect(noCountry.json().message).toBe(pleaseEnterValid('issued country'));
  });
});

describe('finding by any form of the country', () => {
  it.each(['Bangladeshi', 'bangladesh', 'BD', 'bgd'])('the status check finds a Bangladeshi applicant with %j', async (typed) => {
    const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT });
    expect(row.current_nationality).toBe('BD');
    const res = await enquire(row.passport, typed, row.dob);
    expect(res.statusCode).toBe(200);
    expect(res.json().applications).toHaveLength(1);
    expect(res.json().applications[0]).toMatchObject({
      currentN: 'Bangladesh',
      currentNCode: 'BD',
      issuedCountry: 'Bangladesh',
      issuedCountryCode: 'BD',
    });
  });

  it('a wrong country is no match, and an old unmatched nationality is still found as typed', async () => {
    const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT });
    expect((await enquire(row.passport, 'Indian', row.dob)).json().applications).toHaveLength(0);
    const old = await createApplication(t.db, { ...ENQUIRY_APPLICANT, current_nationality: 'Martian' });
    expect((await enquire(old.passport, ' MARTIAN ', old.dob)).json().applications).toHaveLength(1);
  });

  it('the staff search finds a nationality by its name, demonym or code, and not by a prefix of it', async () => {
    const fresh = await createTestApp();
    try {
      const staff = (await fresh.createStaff()).token;
      const nepali = await createApplication(fresh.db, { current_nationality: 'NP', surname: 'Thapa' });
      await createApplication(fresh.db, { current_nationality: 'BD', surname: 'Rahman' });
      for (const term of ['Nepal', 'Nepalese', 'Nepali', 'NP', 'npl']) {
        const res = await fresh.request({ method: 'GET', url: '/api/application/fetchApplication', query: { search: term }, token: staff });
        expect(res.statusCode, term).toBe(200);
        expect(
          res.json<ApplicationPage>().applications.map((a) => a._id),
          term,
        ).toEqual([nepali.id]);
      }
      const prefix = await fresh.request({
        method: 'GET',
        url: '/api/application/fetchApplication',
        query: { search: 'Nepa' },
        token: staff,
      });
      expect(prefix.json<ApplicationPage>().applications).toHaveLength(0);
    } finally {
      await fresh.close();
    }
  });

  it('the CSV export names the countries in English and keeps unmatched text as typed', async () => {
    const fresh = await createTestApp();
    try {
      const staff = (await fresh.createStaff()).token;
      await createApplication(fresh.db, { current_nationality: 'BD', issued_country: 'Mars Colony' });
      const csv = await fresh.request({ method: 'GET', url: '/api/application/export', token: staff });
      expect(csv.body).toContain(',Bangladesh,');
      expect(csv.body).toContain(',Mars Colony,');
      expect(csv.body).not.toContain(',BD,');
    } finally {
      await fresh.close();
    }
  });
});

describe('migration 20261123T160000-country-codes', () => {
  it('maps the nationalities and issuing countries typed before to codes where they name a country, and leaves the rest alone', async () => {
    const { db, migrator, close } = await databaseBefore('20261123T160000-country-codes');
    try {
      const old = (nationality: string, issued: string) =>
        createApplication(
          db,
          { current_nationality: nationality, current_nationality_key: nationality.toLowerCase(), issued_country: issued },
          { omit: ['visa_type'] },
        );
      const rows = [
        await old('Bangladeshi', 'Bangladesh'),
        await old('  BANGLADESH ', 'bgd'),
        await old('Indian', 'India'),
        await old('Nepali', 'Nepal'),
        await old('Martian', 'Mars  Colony'),
        await old('Dominican', 'Congo'),
      ];
      expect((await migrator.migrateTo('20261123T160000-country-codes')).error).toBeUndefined();
      const after = await db
        .selectFrom('applications')
        .select(['id', 'current_nationality', 'current_nationality_key', 'issued_country'])
        .execute();
      const byId = new Map(after.map((r) => [r.id, [r.current_nationality, r.current_nationality_key, r.issued_country]]));
      expect(rows.map((r) => byId.get(r.id))).toEqual([
        ['BD', 'BD', 'BD'],
        ['BD', 'BD', 'BD'],
        ['IN', 'IN', 'IN'],
        ['NP', 'NP', 'NP'],
        ['Martian', 'martian', 'Mars  Colony'],
        ['Dominican', 'dominican', 'Congo'],
      ]);
    } finally {
      await close();
    }
  });
});
