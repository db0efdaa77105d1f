import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { DEFAULT_CASE_SETTINGS, DEFAULT_STAGES } from '@visa/shared/case-settings';
import { EnquiryResponseSchema } from '@visa/shared/enquiry';
import { SERVER, pleaseEnterValid } from '@visa/shared/ui-texts';
import type { NewApplicationRow } from '../../src/db/schema-applications.js';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();

let seq = 0;
/** An application as the add route leaves it, with a national ID that must never leave the server. */
const insertApplication = (overrides: Partial<NewApplicationRow> = {}) =>
  createApplication(t.db, { ...ENQUIRY_APPLICANT, national_id: `NID-${++seq}-SECRET`, ...overrides });

/** A fresh client address per test, so the per-address limit of one test never spills into another. */
let addressSeq = 0;
const nextAddress = () => `10.0.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

const enquire = (query: Record<string, string>, remoteAddress = nextAddress(), token?: string) =>
  t.request({ method: 'GET', url: '/api/application/fetchApplicationEnquiry', query: { limit: '10', ...query }, remoteAddress, token });

const byInputs = (row: Pick<NewApplicationRow, 'passport' | 'current_nationality' | 'dob'>) => ({
  search: row.passport,
  search1: row.current_nationality,
  search2: row.dob,
});

const auditRows = () => t.db.selectFrom('audit_events').selectAll().where('entity', '=', 'enquiry').orderBy('at').orderBy('id').execute();

describe('GET /api/application/fetchApplicationEnquiry: who can use it', () => {
  it('answers an anonymous visitor without a token or anti-forgery pair (a GET is safe)', async () => {
    const row = await insertApplication();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/application/fetchApplicationEnquiry',
      query: byInputs(row),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().applications).toHaveLength(1);
  });

  it('gives signed-in staff exactly the same minimal answer as anyone else', async () => {
    const staff = await t.createStaff('superadmin');
    const row = await insertApplication();
    const anonymous = await enquire(byInputs(row));
    const asStaff = await enquire(byInputs(row), nextAddress(), staff.token);
    expect(asStaff.statusCode).toBe(200);
    expect(asStaff.json()).toEqual(anonymous.json());
  });
});

describe('a match needs all three details, exactly', () => {
  it('answers the applicant copy with only the fields the copy needs, never cached', async () => {
    const key = `private/enquiry-photo-${randomBytes(4).toString('hex')}.jpg`;
    const photo = Buffer.from('fake jpeg bytes for the signed URL check');
    await t.storage.put(key, photo, 'image/jpeg');
    const row = await insertApplication({ image_key: key, status: 'approved', approve_date: '2026-11-20', stage: 'decision' });

    const res = await enquire(byInputs(row));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = EnquiryResponseSchema.parse(res.json());
    expect(body.applications).toEqual([
      {
        surname: 'Rahman',
        givenN: 'Ayesha',
        sex: 'Female',
        dob: '1994-03-12',
        // Stored as codes, answered as English names with the codes beside (ADR 0035).
        currentN: 'Bangladesh',
        currentNCode: 'BD',
        passport: row.passport,
        issuedCountry: 'Bangladesh',
        issuedCountryCode: 'BD',
        jobTitle: 'Cook',
        company: 'Maple Foods Ltd',
        dutyDuration: '2 years',
        image: expect.stringMatching(/^\/files\/private\/enquiry-photo-[0-9a-f]+\.jpg\?exp=\d+&sig=/),
        isStatus: 'approved',
        pending: '2026-12-01',
        approve: '2026-11-20',
        stage: { key: 'decision', en: 'Decision', bn: 'সিদ্ধান্ত' },
        waiting: null,
      },
    ]);
    // Nothing else leaves the server: no id, email, phone, national ID, marks, salary or documents.
    const raw = res.body;
    for (const secret of [row.id, row.email, row.phone, row.national_id, row.identification, row.salary, row.birth_city]) {
      expect(raw).not.toContain(secret);
    }

    const file = await t.app.inject({ method: 'GET', url: body.applications[0]!.image! });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(photo)).toBe(true);
  });

  it('tells the stage in the office’s words and the letter waiting on the applicant, nothing else of the case', async () => {
    const row = await insertApplication({ stage: 'biometrics', ircc_number: 'W123456789' });
    const stages = DEFAULT_STAGES.map((s) => (s.key === 'biometrics' ? { ...s, en: 'Fingerprints and photo', bn: 'আঙুলের ছাপ ও ছবি' } : s));
    await t.db
      .insertInto('app_settings')
      .values({
        key: 'caseWork',
        value: JSON.stringify({ ...DEFAULT_CASE_SETTINGS, stages }),
        updated_at: '2026-11-29T00:00:00.000Z',
        updated_by: null,
      })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify({ ...DEFAULT_CASE_SETTINGS, stages }) }))
      .execute();
    const letter = (id: string, kind: 'biometrics' | 'documents' | 'medical', deadline: string, done_on: string | null = null) => ({
      id: `${row.id}-${id}`,
      application_id: row.id,
      kind,
      letter_date: '2026-11-20',
      deadline,
      rule_deadline: null,
      reason: 'Applicant abroad until January',
      owner_id: null,
      done_on,
      created_by: null,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    await t.db
      .insertInto('case_letters')
      .values([
        letter('done', 'medical', '2026-12-01', '2026-11-25'),
        letter('staff-only', 'documents', '2026-12-05'),
        letter('biometrics', 'biometrics', '2027-01-12'),
      ])
      .execute();
    await t.db
      .insertInto('case_steps')
      .values({
        id: `${row.id}-step`,
        application_id: row.id,
        kind: 'letter',
        stage: 'biometrics',
        occurred_on: '2026-11-20',
        letter_id: `${row.id}-biometrics`,
        note: 'Call her brother Karim',
        recorded_by: null,
        recorded_at: '2026-11-20T10:00:00.000Z',
      })
      .execute();

    const res = await enquire(byInputs(row));
    await t.db.deleteFrom('app_settings').where('key', '=', 'caseWork').execute();
    expect(res.statusCode).toBe(200);
    const [copy] = EnquiryResponseSchema.parse(res.json()).applications;
    // The documents letter is the office's to answer; the done medical one waits on no one.
    expect(copy).toMatchObject({
      stage: { key: 'biometrics', en: 'Fingerprints and photo', bn: 'আঙুলের ছাপ ও ছবি' },
      waiting: { kind: 'biometrics', deadline: '2027-01-12' },
    });
    for (const secret of ['W123456789', 'Karim', 'abroad', row.id]) expect(res.body).not.toContain(secret);
  });

  it('normalises the passport as stored and ignores the case and spacing of the nationality', async () => {
    const row = await insertApplication({ passport: 'BX1234567' });
    const res = await enquire({ search: ' bx 1234 567 ', search1: '  BANGLADESHI ', search2: row.dob });
    expect(res.json().applications).toHaveLength(1);
    expect(res.json().applications[0].passport).toBe('BX1234567');
  });

  it('finds nothing with a partial passport: a prefix, a suffix or a middle part', async () => {
    const row = await insertApplication({ passport: 'PA9876543' });
    for (const search of ['PA987654', 'PA98', 'P', '9876543', 'A987654', 'PA98765430']) {
      const res = await enquire({ ...byInputs(row), search });
      expect(res.statusCode, search).toBe(200);
      expect(res.json(), search).toEqual({ applications: [] });
    }
  });

  it('finds nothing with a wrong date of birth, even one day off', async () => {
    const row = await insertApplication({ dob: '1990-07-15' });
    for (const search2 of ['1990-07-14', '1990-07-16', '1991-07-15', '1990-08-15', '1909-07-15']) {
      const res = await enquire({ ...byInputs(row), search2 });
      expect(res.json(), search2).toEqual({ applications: [] });
    }
  });

  it('finds nothing with a wrong or partial nationality', async () => {
    const row = await insertApplication();
    for (const search1 of ['B', 'Bangla', 'Indian', 'IN', 'Bangladeshis', 'Bangladeshi x']) {
      const res = await enquire({ ...byInputs(row), search1 });
      expect(res.json(), search1).toEqual({ applications: [] });
    }
  });

  it("never answers someone else's application when two of the three details belong to it", async () => {
    const mine = await insertApplication({ dob: '1988-01-02', current_nationality: 'IN' });
    const other = await insertApplication({ dob: '1999-09-09' });
    const res = await enquire({ search: other.passport, search1: mine.current_nationality, search2: mine.dob });
    expect(res.json()).toEqual({ applications: [] });
  });

  it('treats pattern characters and SQL as plain text that matches nothing', async () => {
    const row = await insertApplication();
    for (const search of ['%', '_', '.*', "' OR 1=1 --", 'EQ%', '\\']) {
      const res = await enquire({ ...byInputs(row), search });
      expect(res.statusCode, search).toBe(200);
      expect(res.json(), search).toEqual({ applications: [] });
    }
  });

  it('answers a miss on an existing passport exactly like a miss on an unknown one', async () => {
    const row = await insertApplication();
    const wrongDate = await enquire({ ...byInputs(row), search2: '2001-01-01' });
    const unknown = await enquire({ search: 'ZZ00000000', search1: 'Bangladeshi', search2: '2001-01-01' });
    const comparable = (res: typeof unknown) => {
      const { date: _date, ...headers } = res.headers;
      return { status: res.statusCode, body: res.body, headers };
    };
    expect(comparable(wrongDate)).toEqual(comparable(unknown));
    expect(unknown.json()).toEqual({ applications: [] });
  });
});

describe('bad input is a 400 with a message, and looks nothing up', () => {
  it.each([
    [{ search1: 'Bangladeshi', search2: '1994-03-12' }, pleaseEnterValid('passport')],
    [{ search: '   ', search1: 'Bangladeshi', search2: '1994-03-12' }, pleaseEnterValid('passport')],
    [{ search: 'AB1234567', search2: '1994-03-12' }, pleaseEnterValid('nationality')],
    [{ search: 'AB1234567', search1: '', search2: '1994-03-12' }, pleaseEnterValid('nationality')],
    [{ search: 'AB1234567', search1: 'Bangladeshi' }, pleaseEnterValid('date of birth')],
    [{ search: 'AB1234567', search1: 'Bangladeshi', search2: '12-03-1994' }, pleaseEnterValid('date of birth')],
    [{ search: 'AB1234567', search1: 'Bangladeshi', search2: '1994-02-30' }, pleaseEnterValid('date of birth')],
    [{ search: 'A'.repeat(41), search1: 'Bangladeshi', search2: '1994-03-12' }, pleaseEnterValid('passport')],
  ])('%j → %s', async (query, message) => {
    const before = (await auditRows()).length;
    const res = await t.request({
      method: 'GET',
      url: '/api/application/fetchApplicationEnquiry',
      query,
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await auditRows()).toHaveLength(before);
  });

  it('refuses a limit outside 1..10', async () => {
    const row = await insertApplication();
    for (const limit of ['0', '11', 'ten']) {
      const res = await enquire({ ...byInputs(row), limit });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });
});

describe('every lookup is audited without the inputs in clear text', () => {
  it('records a hit against the application and a miss against nothing, with hashed details only', async () => {
    const row = await insertApplication({ passport: 'AU5550001', dob: '1979-05-06' });
    const before = (await auditRows()).length;
    await enquire(byInputs(row), '192.0.2.77');
    await enquire({ ...byInputs(row), search2: '1979-05-07' }, '192.0.2.77');

    const rows = (await auditRows()).slice(before);
    expect(rows.map((r) => [r.action, r.entity_id, r.actor_user_id])).toEqual([
      ['enquiry.match', row.id, null],
      ['enquiry.miss', null, null],
    ]);
    const text = rows.map((r) => r.details).join('\n');
    for (const clear of ['AU5550001', 'au5550001', '1979-05-06', '1979-05-07', 'Bangladeshi', 'bangladeshi', '192.0.2.77']) {
      expect(text).not.toContain(clear);
    }
    const [hit, miss] = rows.map((r) => JSON.parse(r.details) as Record<string, string>);
    // The same passport and client hash alike, so repeated guessing is visible; different inputs differ.
    expect(hit!.passport).toBe(miss!.passport);
    expect(hit!.client).toBe(miss!.client);
    expect(hit!.inputs).not.toBe(miss!.inputs);
  });
});

describe('rate limits', () => {
  it('answers 429 with a message once one address has made too many lookups; other addresses carry on', async () => {
    const row = await insertApplication();
    const address = '198.51.100.10';
    // The lookups the limit allows are sent at once: each answer waits out the response floor.
    const allowed = await Promise.all(
      Array.from({ length: LIMITS.statusCheck.perAddress.limit }, (_, i) =>
        enquire({ search: `NOPE${i}X`, search1: 'Bangladeshi', search2: '2000-01-01' }, address),
      ),
    );
    expect(allowed.map((a) => a.statusCode)).toEqual(allowed.map(() => 200));
    const limited = await enquire(byInputs(row), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER.tooManyRequests });

    const elsewhere = await enquire(byInputs(row), '198.51.100.11');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().applications).toHaveLength(1);
  });

  it('caps lookups of one passport from one address (other addresses and the ceiling across them: login-limits.test.ts)', async () => {
    const row = await insertApplication();
    const address = '198.51.100.20';
    const allowed = await Promise.all(
      Array.from({ length: LIMITS.statusCheck.perPassportAndAddress.limit }, (_, i) =>
        enquire({ ...byInputs(row), search2: `1970-01-${String((i % 28) + 1).padStart(2, '0')}` }, address),
      ),
    );
    expect(allowed.map((a) => a.statusCode)).toEqual(allowed.map(() => 200));
    const limited = await enquire(byInputs(row), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: SERVER.tooManyRequests });
    // The normalised passport is what counts: spacing and case do not reset the count.
    const disguised = await enquire({ ...byInputs(row), search: row.passport.toLowerCase().split('').join(' ') }, address);
    expect(disguised.statusCode).toBe(429);
  });
});
