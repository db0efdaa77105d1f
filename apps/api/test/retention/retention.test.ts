import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_TEXTS, type RetentionPreview } from '@visa/shared/retention';
import type { ApplicationRow, NewApplicationRow } from '../../src/db/schema-applications.js';
import { dataDirLayout } from '../../src/infra/data-dir.js';
import { newId } from '../../src/lib/ids.js';
import { runRetentionCommand } from '../../src/modules/operations/retention/cli.js';
import { previewRetention } from '../../src/modules/operations/retention/service.js';
import { readErasures } from '../../src/modules/operations/retention/erasure-log.js';
import { APPLICATION_TEXTS } from '@visa/shared/application-texts';
import { ENQUIRY_APPLICANT, applicationFields, createApplication, multipart } from '@visa/test-support/applications';
import { jpeg } from '@visa/test-support/images';
import { captureIo, cliEnv } from '@visa/test-support/processes';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

// A fixed clock: every window below is counted from it, never from the wall clock.
const NOW = new Date('2030-06-15T12:00:00.000Z');
const WINDOWS = { rejectedMonths: 12, approvedMonths: 24, pendingMonths: 6, withdrawnDays: 30 };

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['createStaff']>>;
let admin: Awaited<ReturnType<TestApp['createStaff']>>;
const rows: Record<string, ApplicationRow> = {};

async function withFiles(name: string, overrides: Partial<NewApplicationRow>) {
  const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT, ...overrides }, { storage: t.storage });
  const documentKey = `private/doc-${newId()}.pdf`;
  await t.storage.put(documentKey, Buffer.from('%PDF-1.4 personal document'), 'application/pdf');
  await t.db
    .insertInto('application_documents')
    .values({
      id: newId(),
      application_id: row.id,
      storage_key: documentKey,
      label: 'Passport',
      content_type: 'application/pdf',
      size: 26,
      position: 0,
      created_at: row.created_at,
    })
    .execute();
  await t.db
    .insertInto('message_consents')
    .values({ application_id: row.id, channels: 'email,sms', updated_at: row.created_at, updated_by: null })
    .execute();
  rows[name] = row;
}

const storedKeys = async (id: string) => {
  const row = await t.db.selectFrom('applications').select(['image_key']).where('id', '=', id).executeTakeFirstOrThrow();
  const docs = await t.db.selectFrom('application_documents').select('storage_key').where('application_id', '=', id).execute();
  return [row.image_key, ...docs.map((d) => d.storage_key)].filter((k): k is string => Boolean(k));
};

const keysBefore: Record<string, string[]> = {};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = await t.createStaff('superadmin');
  admin = await t.createStaff('admin');
  // Each state past its window and just before it.
  await withFiles('rejectedPast', { status: 'rejected', updated_at: '2029-06-01T09:00:00.000Z' });
  await withFiles('rejectedBefore', { status: 'rejected', updated_at: '2029-06-20T09:00:00.000Z' });
  await withFiles('approvedPast', {
    status: 'approved',
    pending_date: '2028-06-10',
    approve_date: '2028-05-01',
    updated_at: '2030-01-01T00:00:00.000Z',
  });
  await withFiles('approvedBefore', {
    status: 'approved',
    pending_date: '2028-06-20',
    approve_date: '2028-05-01',
    updated_at: '2028-06-01T00:00:00.000Z',
  });
  await withFiles('pendingPast', { status: 'pending', updated_at: '2029-12-10T00:00:00.000Z' });
  await withFiles('pendingBefore', { status: 'pending', updated_at: '2029-12-20T00:00:00.000Z' });
  await withFiles('withdrawnPast', {
    status: 'pending',
    updated_at: '2030-06-01T00:00:00.000Z',
    consent_withdrawn_at: '2030-05-10T08:00:00.000Z',
  });
  await withFiles('withdrawnBefore', { status: 'approved', pending_date: '2030-06-01', consent_withdrawn_at: '2030-06-01T08:00:00.000Z' });
  for (const [name, row] of Object.entries(rows)) keysBefore[name] = await storedKeys(row.id);
});
afterAll(() => t.close());

const PAST = ['rejectedPast', 'approvedPast', 'pendingPast', 'withdrawnPast'];
const BEFORE = ['rejectedBefore', 'approvedBefore', 'pendingBefore', 'withdrawnBefore'];

describe('retention settings', () => {
  it('are off by default but for the withdrawn consent, and only super-admins read or change them', async () => {
    const read = await t.request({ method: 'GET', url: '/api/users/settings/retention', token: owner.token });
    expect(read.json()).toEqual({ rejectedMonths: null, approvedMonths: null, pendingMonths: null, withdrawnDays: 30 });
    const refused = await t.request({ method: 'PUT', url: '/api/users/settings/retention', token: admin.token, payload: WINDOWS });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/users/settings/retention',
      token: owner.token,
      payload: { ...WINDOWS, pendingMonths: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/whole number of months/);
  });

  it('with every rule off, only the withdrawn consent past its days is due', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users/settings/retention/preview', token: owner.token });
    expect((res.json() as RetentionPreview).applications.map((a) => a._id)).toEqual([rows.withdrawnPast!.id]);
  });
});

describe('the dry run and the preview list exactly what the next run erases', () => {
  beforeAll(async () => {
    const saved = await t.request({ method: 'PUT', url: '/api/users/settings/retention', token: owner.token, payload: WINDOWS });
    expect(saved.statusCode).toBe(200);
  });

  it('the Settings preview: ids, state, rule and the day each expired, with counts', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users/settings/retention/preview', token: owner.token });
    expect(res.statusCode).toBe(200);
    const preview = res.json() as RetentionPreview;
    expect(preview.applications).toEqual(
      [
        { _id: rows.withdrawnPast!.id, status: 'pending', rule: 'withdrawn', expiredOn: '2030-06-09' },
        { _id: rows.rejectedPast!.id, status: 'rejected', rule: 'rejected', expiredOn: '2030-06-01' },
        { _id: rows.approvedPast!.id, status: 'approved', rule: 'approved', expiredOn: '2030-06-10' },
        { _id: rows.pendingPast!.id, status: 'pending', rule: 'pending', expiredOn: '2030-06-10' },
      ].sort((a, b) => a.expiredOn.localeCompare(b.expiredOn) || a._id.localeCompare(b._id)),
    );
    expect(preview.counts).toEqual({ rejected: 1, approved: 1, pending: 1, withdrawn: 1, total: 4 });
    const refused = await t.request({ method: 'GET', url: '/api/users/settings/retention/preview', token: admin.token });
    expect(refused.statusCode).toBe(403);
  });

  it('a preview cut short lists the earliest to expire and still counts them all', async () => {
    const whole = await previewRetention(t.db, NOW);
    const cut = await previewRetention(t.db, NOW, 2);
    expect(cut.applications).toEqual(whole.applications.slice(0, 2));
    expect(cut.counts).toEqual(whole.counts);
  });

  it('npm run admin -- retention --dry-run prints the same list and changes nothing', async () => {
    const io = captureIo(cliEnv(t.config));
    expect(await runRetentionCommand(['--dry-run'], io.io, () => NOW)).toBe(0);
    const out = io.stdout();
    for (const name of PAST) expect(out).toContain(`Would anonymise ${rows[name]!.id}`);
    for (const name of BEFORE) expect(out).not.toContain(rows[name]!.id);
    expect(out).toContain('Expired: 4 (refused 1, approved 1, untouched pending 1, consent withdrawn 1)');
    expect(out).toContain('Dry run: nothing was changed.');
    const still = await t.db.selectFrom('applications').select('id').where('anonymised_at', 'is not', null).execute();
    expect(still).toEqual([]);
  });

  it('--as-of lists what will have expired by the end of a coming day, and only previews', async () => {
    const io = captureIo(cliEnv(t.config));
    expect(await runRetentionCommand(['--dry-run', '--as-of', '2030-06-20'], io.io, () => NOW)).toBe(0);
    // The three state windows end that day; the withdrawal's thirty days end on 1 July.
    const byThen = ['rejectedBefore', 'approvedBefore', 'pendingBefore'];
    for (const name of [...PAST, ...byThen]) expect(io.stdout()).toContain(`Would anonymise ${rows[name]!.id}`);
    expect(io.stdout()).not.toContain(rows.withdrawnBefore!.id);
    expect(io.stdout()).toContain('Expired: 7 (refused 2, approved 2, untouched pending 2, consent withdrawn 1)');
    expect(io.stdout()).toContain('Dry run as of the end of 2030-06-20: nothing was changed.');
    const dayBefore = captureIo(cliEnv(t.config));
    expect(await runRetentionCommand(['--dry-run', '--as-of', '2030-06-19'], dayBefore.io, () => NOW)).toBe(0);
    for (const name of BEFORE) expect(dayBefore.stdout()).not.toContain(rows[name]!.id);

    for (const args of [
      ['--as-of', '2030-06-20'],
      ['--dry-run', '--as-of', '2030-02-30'],
      ['--dry-run', '--as-of', 'soon'],
    ]) {
      const refused = captureIo(cliEnv(t.config));
      expect(await runRetentionCommand(args, refused.io, () => NOW)).toBe(2);
      expect(refused.stderr()).toMatch(/--as-of/);
    }
    const still = await t.db.selectFrom('applications').select('id').where('anonymised_at', 'is not', null).execute();
    expect(still).toEqual([]);
  });
});

describe('a real run', () => {
  let statsBefore: unknown;
  let out: string;
  beforeAll(async () => {
    statsBefore = (await t.request({ method: 'GET', url: '/api/application/stats', token: admin.token })).json();
    const io = captureIo(cliEnv(t.config));
    expect(await runRetentionCommand([], io.io, () => NOW)).toBe(0);
    out = io.stdout();
  });

  it('prints each application as it goes, with its place in the list', () => {
    expect(out).toMatch(/\[1\/4\] Anonymised [0-9a-f]{24}/);
    expect(out).toContain('[4/4] Anonymised');
    expect(out).toContain('Anonymised 4 applications.');
  });

  it('blanks the personal fields of the expired ones (unique columns keep the id), and leaves the rest', async () => {
    for (const name of PAST) {
      const row = await t.db.selectFrom('applications').selectAll().where('id', '=', rows[name]!.id).executeTakeFirstOrThrow();
      expect(row.anonymised_at).toBe(NOW.toISOString());
      expect([row.surname, row.given_name, row.phone, row.national_id, row.dob, row.birth_city, row.company]).toEqual([
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
      expect(row.passport).toBe(`erased:${row.id}`);
      expect(row.email).toBe(`erased:${row.id}`);
      expect(row.image_key).toBeNull();
      expect(row.status).toBe(rows[name]!.status);
      expect(row.job_title).toBe(rows[name]!.job_title);
      const agreements = await t.db.selectFrom('message_consents').selectAll().where('application_id', '=', row.id).execute();
      expect(agreements).toEqual([]);
    }
    for (const name of BEFORE) {
      const row = await t.db.selectFrom('applications').selectAll().where('id', '=', rows[name]!.id).executeTakeFirstOrThrow();
      expect(row.anonymised_at).toBeNull();
      expect(row.surname).toBe('Rahman');
    }
  });

  it('removes the photo and documents from storage, and keeps the others', async () => {
    for (const name of PAST) for (const key of keysBefore[name]!) expect(await t.storage.exists(key)).toBe(false);
    for (const name of BEFORE) for (const key of keysBefore[name]!) expect(await t.storage.exists(key)).toBe(true);
    const docs = await t.db
      .selectFrom('application_documents')
      .select('application_id')
      .where(
        'application_id',
        'in',
        PAST.map((n) => rows[n]!.id),
      )
      .execute();
    expect(docs).toEqual([]);
  });

  it('is no longer found by a search or the status check; the kept counts do not move', async () => {
    const stats = (await t.request({ method: 'GET', url: '/api/application/stats', token: admin.token })).json();
    expect(stats).toEqual(statsBefore);
    for (const search of ['Rahman', 'erased', rows.pendingPast!.passport]) {
      const list = await t.request({
        method: 'GET',
        url: '/api/application/fetchApplication',
        token: admin.token,
        query: { search, page: '1', limit: '50' },
      });
      const ids = (list.json().applications as { _id: string }[]).map((a) => a._id);
      for (const name of PAST) expect(ids).not.toContain(rows[name]!.id);
    }
    const check = await t.request({
      method: 'GET',
      url: '/api/application/fetchApplicationEnquiry',
      query: {
        limit: '10',
        search: rows.pendingPast!.passport,
        search1: rows.pendingPast!.current_nationality,
        search2: rows.pendingPast!.dob,
      },
      remoteAddress: '10.9.0.1',
    });
    expect(check.json().applications ?? []).toEqual([]);
  });

  it('answers blank names, contact and passport with the erased flag, in the list, the file and the export, and refuses changes', async () => {
    const id = rows.rejectedPast!.id;
    const one = await t.request({ method: 'GET', url: `/api/application/fetchApplication/${id}`, token: admin.token });
    expect(one.json()).toMatchObject({
      _id: id,
      anonymised: true,
      surname: '',
      givenN: '',
      email: '',
      passport: '',
      phone: '',
      image: null,
    });
    const list = await t.request({
      method: 'GET',
      url: '/api/application/fetchApplication',
      token: admin.token,
      query: { page: '1', limit: '50', status: 'rejected' },
    });
    const shown = (list.json().applications as { _id: string; anonymised: boolean; email: string; passport: string }[]).map((a) => [
      a._id,
      a.anonymised,
      a.email,
      a.passport,
    ]);
    expect(shown).toContainEqual([id, true, '', '']);
    expect(shown).toContainEqual([rows.rejectedBefore!.id, false, rows.rejectedBefore!.email, rows.rejectedBefore!.passport]);
    const csv = await t.request({ method: 'GET', url: '/api/application/export', token: admin.token, query: { status: 'rejected' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('erased:');

    const before = await t.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const edit = await t.request({
      method: 'PUT',
      url: `/api/application/updateApplication/${id}`,
      token: admin.token,
      payload: multipart(applicationFields()),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: APPLICATION_TEXTS.erased });
    const form = new FormData();
    form.append('file1', new Blob([new Uint8Array(await jpeg(64, 48))], { type: 'image/jpeg' }), 'visa.jpg');
    form.append('label', 'Visa');
    const docs = await t.request({ method: 'PUT', url: `/api/application/updateApplicationAdd/${id}`, token: admin.token, payload: form });
    expect(docs.statusCode).toBe(409);
    expect(docs.json()).toEqual({ message: APPLICATION_TEXTS.erased });
    expect(await t.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await t.db.selectFrom('application_documents').select('id').where('application_id', '=', id).execute()).toEqual([]);
  });

  it('records each in the history with its rule and no actor, and in the erasure log', async () => {
    const audit = await t.db.selectFrom('audit_events').selectAll().where('action', '=', 'application.anonymised').execute();
    expect(audit.map((a) => a.entity_id).sort()).toEqual(PAST.map((n) => rows[n]!.id).sort());
    for (const a of audit) expect(a.actor_user_id).toBeNull();
    const logged = await readErasures(dataDirLayout(t.dataDir).erasures);
    expect(logged.map((e) => e.id).sort()).toEqual(PAST.map((n) => rows[n]!.id).sort());
  });

  it('a second run finds nothing left to do', async () => {
    const res = await t.request({ method: 'GET', url: '/api/users/settings/retention/preview', token: owner.token });
    expect(res.json().counts.total).toBe(0);
  });
});

describe('erase now', () => {
  let row: ApplicationRow;
  beforeAll(async () => {
    row = await createApplication(t.db, { status: 'pending', updated_at: NOW.toISOString() }, { storage: t.storage });
    await t.db
      .insertInto('audit_events')
      .values({
        id: newId(),
        actor_user_id: admin.id,
        action: 'application.documents.add',
        entity: 'application',
        entity_id: row.id,
        at: NOW.toISOString(),
        details: JSON.stringify({ documents: [{ _id: 'd1', label: 'Passport', name: 'rahman-passport.pdf' }] }),
      })
      .execute();
  });
  const erase = (token: string, payload: unknown, id = row.id) =>
    t.request({ method: 'POST', url: `/api/application/eraseApplication/${id}`, token, payload: payload as object });

  it('is for super-admins only', async () => {
    expect((await erase(admin.token, { reason: 'Asked by the applicant', confirmation: row.passport })).statusCode).toBe(403);
  });

  it('needs a reason and the passport typed again, and changes nothing without them', async () => {
    const noReason = await erase(owner.token, { reason: ' ', confirmation: row.passport });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(ERASURE_TEXTS.reasonRequired);
    const wrong = await erase(owner.token, { reason: 'Asked by the applicant', confirmation: 'X1234567' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(ERASURE_TEXTS.confirmationWrong);
    const unknown = await erase(owner.token, { reason: 'x', confirmation: 'x' }, newId());
    expect(unknown.statusCode).toBe(404);
    const still = await t.db.selectFrom('applications').select('anonymised_at').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(still.anonymised_at).toBeNull();
  });

  it('erases the applicant, keeps the reason in the history and strips file names from it', async () => {
    const res = await erase(owner.token, { reason: 'Asked by the applicant', confirmation: row.passport.toLowerCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ERASURE_TEXTS.erased });
    expect(await t.storage.exists(row.image_key!)).toBe(false);
    const events = await t.db.selectFrom('audit_events').selectAll().where('entity_id', '=', row.id).orderBy('at').execute();
    const erased = events.find((e) => e.action === 'application.erased')!;
    expect(erased.actor_user_id).toBe(owner.id);
    expect(JSON.parse(erased.details)).toEqual({ reason: 'Asked by the applicant' });
    const added = events.find((e) => e.action === 'application.documents.add')!;
    expect(JSON.parse(added.details)).toEqual({ documents: [{ _id: 'd1', label: 'Passport' }] });
    for (const e of events) expect(e.details).not.toContain(row.passport);
    expect((await erase(owner.token, { reason: 'again', confirmation: 'x' })).statusCode).toBe(409);
    expect(fs.readFileSync(dataDirLayout(t.dataDir).erasures, 'utf8')).toContain(row.id);
    const copy = await t.request({ method: 'GET', url: `/api/application/applicationCopyPdf/${row.id}`, token: admin.token });
    expect(copy.statusCode).toBe(410);
    expect(copy.json().message).toBe(ERASURE_TEXTS.noLongerHeld);
  });
});
