import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CASE_TEXTS } from '@visa/shared/case-work';
import { CUSTODY_TEXTS as T, CaseWithPassportSchema, HeldPassportListSchema, PassportCustodySchema } from '@visa/shared/passport-custody';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, auditDetails, staffForFile } from '@visa/test-support/file-app';
import { pdfText } from '@visa/test-support/pdf';
import { engine } from '@visa/test-support/test-app';
import { compileHeldQuery } from '../../src/modules/domain/case-work/custody-repository.js';

// The clock stands on 12 January 2027, 10:00 in Dhaka; dates below are the office's calendar days.
const now = new Date('2027-01-12T04:00:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => now });
const staff = staffForFile(t, 'admin', { name: 'Nadia Staff' });

const base = (id: string) => `/api/application/case/${id}`;
const hand = (id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `${base(id)}/passport`, payload, token: staff.token });
const caseOf = async (id: string) =>
  CaseWithPassportSchema.parse((await t.request({ method: 'GET', url: base(id), token: staff.token })).json());
const held = async () =>
  HeldPassportListSchema.parse((await t.request({ method: 'GET', url: '/api/application/passports', token: staff.token })).json());

describe('passport custody', () => {
  it('follows the passport in, to VFS, back and out; answers the passport request; lists it while held', async () => {
    const app = await createApplication(t.db, { given_name: 'Karim', surname: 'Rahman' });
    expect((await caseOf(app.id)).passport).toEqual({ holder: 'applicant', handovers: [] });
    await t.request({
      method: 'POST',
      url: `${base(app.id)}/letters`,
      payload: { kind: 'passport', letterDate: '2027-01-02' },
      token: staff.token,
    });

    const handed = await hand(app.id, {
      from: 'applicant',
      to: 'office',
      date: '2027-01-05',
      counterpart: 'His brother Rafiq',
      note: 'In a sleeve',
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(PassportCustodySchema.parse(handed.json()).holder).toBe('office');
    const file = await caseOf(app.id);
    expect(file.letters[0]!.doneOn).toBe('2027-01-05');
    expect(file.timeline.map((e) => [e.kind, e.date])).toEqual([
      ['letter', '2027-01-02'],
      ['passport-handed', '2027-01-05'],
    ]);
    expect(file.passport.handovers[0]).toMatchObject({
      from: 'applicant',
      to: 'office',
      counterpart: 'His brother Rafiq',
      by: { name: 'Nadia Staff' },
    });
    expect((await held()).passports).toEqual([
      expect.objectContaining({
        applicationId: app.id,
        surname: 'Rahman',
        holder: 'office',
        since: '2027-01-05',
        by: { _id: staff.id, name: 'Nadia Staff' },
      }),
    ]);

    expect((await hand(app.id, { from: 'office', to: 'vfs', date: '2027-01-06', counterpart: 'VFS Dhaka, counter 3' })).statusCode).toBe(
      200,
    );
    expect((await held()).passports[0]).toMatchObject({ holder: 'vfs', since: '2027-01-06', counterpart: 'VFS Dhaka, counter 3' });

    const back = PassportCustodySchema.parse((await hand(app.id, { from: 'vfs', to: 'applicant', date: '2027-01-12' })).json());
    expect(back.holder).toBe('returned');
    expect(back.handovers.map((h) => `${h.from}>${h.to}`)).toEqual(['applicant>office', 'office>vfs', 'vfs>applicant']);
    expect((await caseOf(app.id)).timeline.at(-1)!.kind).toBe('passport-returned');
    expect((await held()).passports.some((p) => p.applicationId === app.id)).toBe(false);
    // The audit keeps the moves, never the counterpart's words.
    expect(await auditDetails(t, app.id, 'case.passport.handover')).toEqual([
      { from: 'applicant', to: 'office', date: '2027-01-05' },
      { from: 'office', to: 'vfs', date: '2027-01-06' },
      { from: 'vfs', to: 'applicant', date: '2027-01-12' },
    ]);
  });

  it('refuses impossible moves, a passport not where it is said to be, bad dates and long text, changing nothing', async () => {
    const app = await createApplication(t.db);
    const refusals = [
      [{ from: 'applicant', to: 'vfs', date: '2027-01-05' }, 400, T.moveImpossible],
      [{ from: 'office', to: 'office', date: '2027-01-05' }, 400, T.moveImpossible],
      [{ from: 'desk', to: 'office', date: '2027-01-05' }, 400, T.placeRequired],
      [{ from: 'office', to: 'vfs', date: '2027-01-05' }, 409, T.notThere('office')],
      [{ from: 'applicant', to: 'office', date: '2027-01-13' }, 400, CASE_TEXTS.dateInFuture],
      [{ from: 'applicant', to: 'office', date: '2027-02-30' }, 400, CASE_TEXTS.invalidDate],
      [{ from: 'applicant', to: 'office', date: '2027-01-05', counterpart: 'x'.repeat(121) }, 400, T.counterpartTooLong],
      [{ from: 'applicant', to: 'office', date: '2027-01-05', note: 'x'.repeat(301) }, 400, T.noteTooLong],
    ] as const;
    for (const [payload, status, message] of refusals) {
      const res = await hand(app.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await caseOf(app.id)).passport).toEqual({ holder: 'applicant', handovers: [] });

    await hand(app.id, { from: 'applicant', to: 'office', date: '2027-01-08' });
    const twice = await hand(app.id, { from: 'applicant', to: 'office', date: '2027-01-08' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, T.notThere('applicant')]);
    const earlier = await hand(app.id, { from: 'office', to: 'applicant', date: '2027-01-07' });
    expect([earlier.statusCode, earlier.json().message]).toEqual([400, T.beforeLast]);
    expect((await caseOf(app.id)).passport.handovers).toHaveLength(1);
  });

  it('gives a withdrawn applicant’s passport back but takes none in; an erased record takes no handover', async () => {
    const withdrawn = await createApplication(t.db, { consent_withdrawn_at: '2027-01-10T00:00:00.000Z' });
    const taken = await hand(withdrawn.id, { from: 'applicant', to: 'office', date: '2027-01-11' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, T.consentWithdrawn]);

    const holding = await createApplication(t.db);
    await hand(holding.id, { from: 'applicant', to: 'office', date: '2027-01-09' });
    await t.db.updateTable('applications').set({ consent_withdrawn_at: '2027-01-10T00:00:00.000Z' }).where('id', '=', holding.id).execute();
    const toVfs = await hand(holding.id, { from: 'office', to: 'vfs', date: '2027-01-11' });
    expect([toVfs.statusCode, toVfs.json().message]).toEqual([409, T.consentWithdrawn]);
    expect((await hand(holding.id, { from: 'office', to: 'applicant', date: '2027-01-11' })).statusCode).toBe(200);

    const erased = await createApplication(t.db, { anonymised_at: '2027-01-01T00:00:00.000Z' });
    const res = await hand(erased.id, { from: 'applicant', to: 'office', date: '2027-01-11' });
    expect([res.statusCode, res.json().message]).toEqual([409, CASE_TEXTS.erased]);
    expect((await hand('e'.repeat(24), { from: 'applicant', to: 'office', date: '2027-01-11' })).statusCode).toBe(404);
  });

  it('prints a slip naming the applicant, the reference and the passport, never cached', async () => {
    const app = await createApplication(t.db, { given_name: 'Salma', surname: 'Akter' });
    const custody = PassportCustodySchema.parse(
      (await hand(app.id, { from: 'applicant', to: 'office', date: '2027-01-10', counterpart: 'Her father' })).json(),
    );
    const url = `${base(app.id)}/passport/${custody.handovers[0]!._id}/slip`;
    expect(url).not.toContain(app.passport);
    const res = await t.request({ method: 'GET', url, token: staff.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe('inline; filename="passport-handover-2027-01-10.pdf"');
    const text = pdfText(res.rawPayload);
    for (const part of [
      'Passport handover slip',
      'Salma Akter',
      app.id,
      app.passport,
      'The applicant',
      'The office',
      '10 Jan 2027',
      'Her father',
      'Nadia Staff',
      'Received by',
    ])
      expect(text).toContain(part);
    expect(
      (await t.request({ method: 'GET', url: `${base(app.id)}/passport/${'f'.repeat(24)}/slip`, token: staff.token })).json().message,
    ).toBe(T.handoverNotFound);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('reads the passports held through their partial index', async () => {
    const query = compileHeldQuery(t.db, 500);
    let plan: string;
    if (engine === 'sqlite') {
      const rows = await t.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
      plan = rows.rows.map((r) => r.detail).join('\n');
      expect(plan).not.toMatch(/SCAN a(?! USING)/);
    } else {
      plan = await t.db.connection().execute(async (conn) => {
        // A test table is tiny, so the planner would rightly scan it; forbid that to see the index serve the list.
        await sql`set enable_seqscan = off`.execute(conn);
        const rows = await conn.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
        await sql`reset enable_seqscan`.execute(conn);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    }
    expect(plan).toContain('applications_passport_held');
  });
});
