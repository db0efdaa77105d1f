import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { EJSON } from 'bson';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '@visa/shared/ui-texts';
import { applicationFields, multipart } from '@visa/test-support/applications';
import { jpeg } from '@visa/test-support/images';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import {
  EARLIER_PASSWORD,
  IDS,
  earlierApplications,
  earlierSliders,
  earlierUsers,
  importedState,
  runImport,
  serveEarlierFiles,
  subdir,
  tempDir,
  writeJsonArrays,
  writeJsonLines,
  writeMongodump,
} from './fixtures.js';

type Staff = Awaited<ReturnType<TestApp['createStaff']>>;

/** A product with an owner and one application of its own, as an office has before it moves its old data in. */
async function office() {
  const t = await createTestApp();
  const owner = await t.createStaff('superadmin');
  const existing = applicationFields();
  const add = await t.request({
    method: 'POST',
    url: '/api/application/addApplication',
    token: owner.token,
    payload: multipart(existing, { bytes: await jpeg(120, 90), name: 'p.jpg', type: 'image/jpeg' }),
  });
  if (add.statusCode !== 201) throw new Error(add.body);
  return { t, owner, existing };
}

const fetchApplication = async (t: TestApp, staff: Staff, id: string) =>
  t.request({ method: 'GET', url: `/api/application/fetchApplication/${id}`, token: staff.token });

const reportRows = (report: string) =>
  report
    .trim()
    .split('\r\n')
    .slice(1)
    .map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((c) => c.replace(/^"|"$/g, '')));

describe('import of a mongoexport folder', () => {
  let t: TestApp;
  let owner: Staff;
  let existing: { email: string; passport: string };
  let source: string;
  let work: string;
  let first: Awaited<ReturnType<typeof runImport>>;
  let files: { base: string; requests: string[]; close: () => Promise<void> };

  beforeAll(async () => {
    ({ t, owner, existing } = await office());
    work = tempDir('visa-import-');
    files = await serveEarlierFiles({ '/earlier/photo1.jpg': await jpeg(300, 400), '/earlier/visa1.jpg': await jpeg(800, 600) });
    source = writeJsonArrays(subdir(work, 'export'), {
      applications: earlierApplications(existing, files.base),
      users: earlierUsers(owner.email),
      sliders: earlierSliders(),
    });
    // The earlier app's files are served from this machine, an address the import refuses unless told.
    first = await runImport(t.config, [source], work, { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await files.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('says what it did, and reports every skipped record and note by id and field only', () => {
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      'applications: 4 imported, 0 updated, 0 unchanged, 4 skipped (3 of those imported or updated with a note',
    );
    expect(first.stdout).toContain('staff accounts (as sub-admins): 1 imported, 0 updated, 0 unchanged, 1 skipped');
    expect(first.stdout).toContain('slides: 2 imported');
    expect(first.progress).toMatch(/import: \d+ records done/);
    const rows = reportRows(first.report);
    const byId = (id: string) => rows.filter((r) => r[1] === id).map((r) => r.slice(2).join(' | '));
    expect(byId(IDS.weirdStatus)).toEqual(['isStatus | skipped | not pending, approve or reject']);
    expect(byId(IDS.noGivenName)).toEqual(['givenN | skipped | missing']);
    expect(byId(IDS.sameEmail)).toEqual(['email | skipped | another application already holds this email']);
    expect(byId(IDS.takenPassport)).toEqual(['passport | skipped | another application already holds this passport']);
    expect(byId(IDS.shortPhone)).toEqual([
      `surname | kept | ${VALIDATION.surnameLength.replace(/\.$/, '')}: kept as it was`,
      `phone | kept | ${VALIDATION.phone.replace(/\.$/, '')}: kept as typed`,
      'currentN | kept | names no country of the list: kept as typed',
    ]);
    expect(byId(IDS.rejected)).toEqual(['currentN | kept | names no country of the list: kept as typed']);
    expect(byId(IDS.localPhoto)).toEqual(['image | not carried over | not a web address (http or https)']);
    expect(byId(IDS.ownerEmail)).toEqual(['email | skipped | a staff account with this email already exists: not merged']);
    expect(byId(IDS.slide)).toEqual(['image | not carried over | slide pictures are not imported: add it again from Slides']);
    // No value of any record: no email, phone, passport or name.
    expect(first.report).not.toMatch(/@|karim|rahman|1712|BX1/i);
  });

  it('shows staff each application as it was, in the product’s forms', async () => {
    const res = await fetchApplication(t, owner, IDS.approved);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: IDS.approved,
      email: 'karim1@example.com',
      phone: '+8801712345678',
      currentN: 'Bangladesh',
      currentNCode: 'BD',
      dob: '1991-07-15',
      isStatus: 'approved',
      pending: '2024-01-02',
      approve: '2024-03-05',
      createdAt: '2024-01-02T08:00:00.000Z',
      updatedAt: '2024-01-03T08:00:00.000Z',
      image: expect.stringMatching(/^\/files\/private\//),
      isAdmin: false,
    });
    expect((await fetchApplication(t, owner, IDS.rejected)).json()).toMatchObject({
      phone: '+8801712345679',
      currentN: 'Bangla Desh',
      currentNCode: null,
      issuedCountry: 'Bangladesh',
      issuedCountryCode: 'BD',
      isStatus: 'rejected',
      jobTitle: 'Cook',
      dob: '1990-05-01',
      approve: null,
    });
    expect((await fetchApplication(t, owner, IDS.shortPhone)).json()).toMatchObject({
      phone: '12345',
      surname: 'Al',
      currentN: 'Wakandan',
    });
    for (const id of [IDS.weirdStatus, IDS.noGivenName, IDS.sameEmail, IDS.takenPassport]) {
      expect((await fetchApplication(t, owner, id)).statusCode).toBe(404);
    }
  });

  it('brings the photo and the documents in, and none of the placeholders', async () => {
    const rows = await t.db.selectFrom('import_files').select(['application_id', 'field', 'url', 'state']).orderBy('field').execute();
    expect(rows).toEqual([
      { application_id: IDS.approved, field: 'file1', url: `${files.base}/visa1.jpg`, state: 'stored' },
      { application_id: IDS.approved, field: 'image', url: `${files.base}/photo1.jpg`, state: 'stored' },
    ]);
    expect([...files.requests].sort()).toEqual(['/earlier/photo1.jpg', '/earlier/visa1.jpg']);
    const application = (await fetchApplication(t, owner, IDS.approved)).json();
    const photo = await t.request({ method: 'GET', url: application.image });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    const documents = await t.db
      .selectFrom('application_documents')
      .select('position')
      .where('application_id', '=', IDS.approved)
      .execute();
    expect(documents).toHaveLength(1);
  });

  it('keeps a phone kept as typed editable: the form asks for a valid number, then saves', async () => {
    const current = (await fetchApplication(t, owner, IDS.shortPhone)).json();
    const fields = Object.fromEntries(
      Object.keys(applicationFields()).map((k) => [k, String(current[k as keyof typeof current])]),
    ) as ReturnType<typeof applicationFields>;
    const update = (f: typeof fields) =>
      t.request({ method: 'PUT', url: `/api/application/updateApplication/${IDS.shortPhone}`, token: owner.token, payload: multipart(f) });
    const asImported = await update({ ...fields, surname: 'Alam' });
    expect(asImported.statusCode).toBe(400);
    expect(asImported.json().message).toBe(VALIDATION.phone);
    const fixed = await update({ ...fields, surname: 'Alam', phone: '01712 345670' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ phone: '+8801712345670', surname: 'Alam', currentN: 'Wakandan' });
  });

  it('brings staff accounts in as sub-admins with their earlier password hash, and the owner stays the owner', async () => {
    const list = await t.request({ method: 'GET', url: '/api/users/get_users', token: owner.token });
    const users = list.json() as { _id: string; email: string; role: string }[];
    expect(users.find((u) => u._id === IDS.user)).toMatchObject({ email: 'clerk@example.com', role: 'admin' });
    expect(users.find((u) => u.email === owner.email)).toMatchObject({ _id: owner.id, role: 'superadmin' });
    expect(users.some((u) => u._id === IDS.ownerEmail)).toBe(false);
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', IDS.user).executeTakeFirstOrThrow();
    // The earlier app's hash as it was: the earlier password still matches it.
    expect(row.password_hash).toMatch(/^\$2[aby]\$10\$/);
    expect(bcrypt.compareSync(EARLIER_PASSWORD, row.password_hash)).toBe(true);
  });

  it('brings slides in with their title, text and status, without pictures', async () => {
    const res = await t.request({ method: 'GET', url: '/api/slider/fetchSlider', token: owner.token });
    const slides = res.json() as { _id: string; thumbnail: string; title: string; status: string; image: string | null }[];
    expect(slides.map((s) => [s._id, s.thumbnail, s.title, s.status, s.image])).toEqual([
      [IDS.slide, 'Work in Canada', 'Apply for a work permit', 'Published', null],
      [IDS.hiddenSlide, 'Old offer', 'No longer shown', 'Unpublished', null],
    ]);
  });

  it('writes one history entry for the run, with its counts', async () => {
    const events = await t.db.selectFrom('audit_events').select(['action', 'details']).where('action', '=', 'import.run').execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]!.details)).toMatchObject({
      source: 'mongoexport',
      applications: { imported: 4, skipped: 4 },
      users: { imported: 1, skipped: 1 },
      slides: { imported: 2 },
      files: { queued: 2, stored: 2, missing: 0 },
    });
  });

  it('run again, imports nothing twice and changes nothing', async () => {
    const before = await importedState(t.db);
    const again = await runImport(t.config, [source], work, { IMPORT_ALLOW_PRIVATE_HOSTS: 'true' });
    expect(again.code).toBe(0);
    // Nothing is fetched twice.
    expect(files.requests).toHaveLength(2);
    expect(again.stdout).toContain('applications: 0 imported, 0 updated, 4 unchanged, 4 skipped');
    expect(again.stdout).toContain('staff accounts (as sub-admins): 0 imported, 0 updated, 1 unchanged, 1 skipped');
    expect(again.stdout).toContain('slides: 0 imported, 0 updated, 2 unchanged, 0 skipped');
    const after = await importedState(t.db);
    // The record edited above is newer here than in the source: it is left as it is.
    expect(after).toEqual(before);
    expect(reportRows(again.report).filter((r) => r[1] === IDS.shortPhone)).toEqual([
      ['applications', IDS.shortPhone, 'updatedAt', 'left alone', 'changed in this product since: kept as it is here'],
    ]);
  });

  it('updates a record changed in the earlier app since, and counts it as updated', async () => {
    const docs = earlierApplications(existing).map((d) =>
      d._id?.toString() === IDS.rejected ? { ...d, salary: 'CAD 4,000 / month', updatedAt: new Date('2024-06-01T00:00:00Z') } : d,
    );
    const newer = writeJsonArrays(subdir(work, 'newer'), { applications: docs });
    const run = await runImport(t.config, [newer], work);
    expect(run.stdout).toContain('applications: 0 imported, 1 updated, 3 unchanged, 4 skipped');
    expect((await fetchApplication(t, owner, IDS.rejected)).json()).toMatchObject({
      salary: 'CAD 4,000 / month',
      updatedAt: '2024-06-01T00:00:00.000Z',
      createdAt: '2024-01-02T08:00:00.000Z',
    });
  });
});

describe('the three forms of a dump give the same import', () => {
  const apps: TestApp[] = [];
  let work: string;
  beforeAll(() => {
    work = tempDir('visa-import-forms-');
  });
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  const collections = (ownerEmail: string) => ({
    applications: earlierApplications({ email: 'nobody@example.com', passport: 'ZZ99999' }),
    users: earlierUsers(ownerEmail),
    sliders: earlierSliders(),
  });

  it('a JSON array, canonical Extended JSON one document a line, and a mongodump .bson', async () => {
    const states = [];
    for (const [name, write] of [
      ['array', writeJsonArrays],
      ['lines', writeJsonLines],
      ['dump', writeMongodump],
    ] as const) {
      const t = await createTestApp();
      apps.push(t);
      const owner = await t.createStaff('superadmin', { email: 'owner@example.com' });
      const dir = write(subdir(work, name), collections(owner.email));
      const run = await runImport(t.config, [name === 'dump' ? path.join(work, name) : dir], work);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`(${name === 'dump' ? 'mongodump' : 'mongoexport'})`);
      const state = await importedState(t.db);
      // The files' rows carry the moment they were queued.
      const files = state.files.map(({ updated_at: _at, ...file }) => file);
      states.push({ ...state, files, users: state.users.filter((u) => u.id !== owner.id) });
    }
    expect(states[0]!.applications).toHaveLength(5);
    expect(states[1]).toEqual(states[0]);
    expect(states[2]).toEqual(states[0]);
    // Canonical Extended JSON really was canonical: dates as $numberLong, phones as $numberInt or $numberLong.
    const line = fs.readFileSync(path.join(work, 'lines', 'applications.json'), 'utf8').split('\n')[0]!;
    expect(line).toContain('{"$date":{"$numberLong":');
    expect(EJSON.parse(line, { relaxed: false })).toHaveProperty('phone');
  });

  it('the product’s own CSV export comes back as the same applications', async () => {
    const from = await createTestApp();
    apps.push(from);
    const owner = await from.createStaff('superadmin');
    // Values the export neutralises for spreadsheets (apostrophes before formula characters) come back as they were.
    const formulas = { identification: '=HYPERLINK("x")', company: '+Maple, "Foods"; -Ltd', salary: '@3,200\n-bonus, =1+1' };
    const dir = writeJsonArrays(subdir(work, 'for-csv'), {
      applications: earlierApplications({ email: 'nobody@example.com', passport: 'ZZ99999' }).map((d, i) =>
        i === 1 ? { ...d, ...formulas } : d,
      ),
    });
    expect((await runImport(from.config, [dir], work)).code).toBe(0);
    const exported = await from.request({ method: 'GET', url: '/api/application/export', token: owner.token });
    expect(exported.statusCode).toBe(200);
    const csv = path.join(work, 'applications.csv');
    fs.writeFileSync(csv, exported.body);

    const to = await createTestApp();
    apps.push(to);
    const run = await runImport(to.config, [csv], work);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('applications: 5 imported, 0 updated, 0 unchanged, 0 skipped');
    const columns = (rows: Record<string, unknown>[]) => rows.map(({ created_by: _c, ...rest }) => rest);
    expect(columns((await importedState(to.db)).applications)).toEqual(columns((await importedState(from.db)).applications));
    expect(exported.body).toContain("'=HYPERLINK");
    expect(
      await to.db
        .selectFrom('applications')
        .select(['identification', 'company', 'salary'])
        .where('id', '=', IDS.rejected)
        .executeTakeFirst(),
    ).toEqual(formulas);
  });
});

describe('a dry run', () => {
  let t: TestApp;
  let work: string;
  beforeAll(async () => {
    t = await createTestApp();
    work = tempDir('visa-import-dry-');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('reads everything, writes nothing, and says what a real run would do', async () => {
    const owner = await t.createStaff('superadmin');
    const dir = writeJsonLines(subdir(work, 'src'), {
      applications: earlierApplications({ email: 'nobody@example.com', passport: 'ZZ99999' }),
      users: earlierUsers(owner.email),
      sliders: earlierSliders(),
    });
    const before = await importedState(t.db);
    const audit = await t.db.selectFrom('audit_events').selectAll().execute();
    const run = await runImport(t.config, [dir, '--dry-run'], work);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('nothing was written');
    expect(run.stdout).toContain('applications: 5 to import, 0 to update, 0 unchanged, 3 skipped');
    expect(run.stdout).toContain('files: 2 photos and documents to fetch');
    expect(reportRows(run.report).filter((r) => r[3] === 'skipped')).toHaveLength(4);
    expect(await importedState(t.db)).toEqual(before);
    expect(await t.db.selectFrom('audit_events').selectAll().execute()).toEqual(audit);
  });

  it('refuses a source it cannot read, and bad options', async () => {
    expect((await runImport(t.config, [path.join(work, 'missing')], work)).stderr).toContain('does not exist');
    const empty = subdir(work, 'empty');
    expect((await runImport(t.config, [empty], work)).code).toBe(1);
    expect((await runImport(t.config, [empty, '--files-concurrency', '0'], work)).code).toBe(2);
    const otherCsv = path.join(work, 'other.csv');
    fs.writeFileSync(otherCsv, 'name,phone\r\nKarim,017\r\n');
    const csv = await runImport(t.config, [otherCsv], work);
    expect(csv.code).toBe(1);
    expect(csv.stderr).toContain("is not this product's export: it has no _id, surname, givenN, email, passport, updatedAt column");
    const brokenCsv = path.join(work, 'broken.csv');
    fs.writeFileSync(brokenCsv, '_id,surname,givenN,email,passport,updatedAt\r\nx,Rahman,Ka"rim "secret,a@b.c,BX1,\r\n');
    const broken = await runImport(t.config, [brokenCsv], work);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/is not a CSV file in the export's format \([A-Z_]+ near line \d+\)/);
    expect(broken.stderr).not.toContain('secret');
    fs.writeFileSync(path.join(work, 'src', 'sliders.json'), 'not json');
    const notJson = await runImport(t.config, [path.join(work, 'src'), '--dry-run'], work);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain('is not a mongoexport file');
  });
});

describe('staff accounts before the office has an owner', () => {
  it('are refused, so the office is never left without a super-admin', async () => {
    const t = await createTestApp();
    const work = tempDir('visa-import-owner-');
    try {
      const dir = writeJsonArrays(subdir(work, 'src'), { users: earlierUsers('owner@example.com') });
      const run = await runImport(t.config, [dir], work);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('This office has no super-admin yet');
      expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
