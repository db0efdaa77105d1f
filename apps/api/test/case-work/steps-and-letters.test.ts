import { describe, expect, it } from 'vitest';
import { CASE_TEXTS as T, CaseSchema } from '@visa/shared/case-work';
import { DEFAULT_CASE_SETTINGS } from '@visa/shared/case-settings';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, auditDetails, staffForFile } from '@visa/test-support/file-app';

// The clock stands on 12 January 2027, 10:00 in Dhaka; dates below are the office's calendar days.
const now = new Date('2027-01-12T04:00:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => now });
const staff = staffForFile(t, 'admin', { name: 'Nadia Staff' });
const colleague = staffForFile(t, 'admin', { name: 'Rafi Clerk' });
const owner = staffForFile(t, 'superadmin', { name: 'Office Owner' });

const caseOf = async (id: string, token = staff.token) => {
  const res = await t.request({ method: 'GET', url: `/api/application/case/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return CaseSchema.parse(res.json());
};
const post = (url: string, payload: Record<string, unknown>, token = staff.token) => t.request({ method: 'POST', url, payload, token });
const step = (id: string, payload: Record<string, unknown>) => post(`/api/application/case/${id}/steps`, payload);
const letter = (id: string, payload: Record<string, unknown>) => post(`/api/application/case/${id}/letters`, payload);

describe('an application moving through IRCC', () => {
  it('starts at preparing, records the IRCC number, and a letter gets the rule deadline, its owner and the stage', async () => {
    const app = await createApplication(t.db);
    expect((await caseOf(app.id)).stage).toBe('preparing');

    const submitted = await step(app.id, { kind: 'submitted', date: '2027-01-02', irccNumber: 'w 123-456-789' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(CaseSchema.parse(submitted.json())).toMatchObject({ stage: 'submitted', irccNumber: 'W123456789' });

    const res = await letter(app.id, { kind: 'biometrics', letterDate: '2027-01-10' });
    expect(res.statusCode, res.body).toBe(200);
    const file = CaseSchema.parse(res.json());
    expect(file.stage).toBe('biometrics');
    expect(file.letters).toEqual([
      expect.objectContaining({ kind: 'biometrics', letterDate: '2027-01-10', deadline: '2027-02-09', ruleDeadline: null, doneOn: null }),
    ]);
    expect(file.letters[0]!.owner).toEqual({ _id: staff.id, name: 'Nadia Staff' });
    expect(file.timeline.map((e) => [e.kind, e.stage, e.by?.name])).toEqual([
      ['submitted', 'submitted', 'Nadia Staff'],
      ['letter', 'biometrics', 'Nadia Staff'],
    ]);

    // Giving biometrics closes the letter and starts their ten years.
    const given = CaseSchema.parse((await step(app.id, { kind: 'biometrics-given', date: '2027-01-12' })).json());
    expect(given.letters[0]!.doneOn).toBe('2027-01-12');
    expect(given.biometricsValidUntil).toBe('2037-01-12');
    expect(await auditDetails(t, app.id, 'case.letter')).toEqual([
      { kind: 'biometrics', letterDate: '2027-01-10', deadline: '2027-02-09' },
    ]);
  });

  it('takes another deadline only with a reason, keeps the rule beside it, and names another owner', async () => {
    const app = await createApplication(t.db);
    const missing = await letter(app.id, { kind: 'medical', letterDate: '2027-01-05', deadline: '2027-03-06' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(T.reasonRequired);
    expect((await caseOf(app.id)).letters).toEqual([]);

    const extended = await letter(app.id, {
      kind: 'medical',
      letterDate: '2027-01-05',
      deadline: '2027-03-06',
      reason: 'IRCC added 30 days for Bangladesh',
      ownerId: colleague.id,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const [medical] = CaseSchema.parse(extended.json()).letters;
    expect(medical).toMatchObject({ deadline: '2027-03-06', ruleDeadline: '2027-02-04', reason: 'IRCC added 30 days for Bangladesh' });
    expect(medical!.owner?.name).toBe('Rafi Clerk');

    // Moved back to the rule's day, the override and its reason go.
    const back = await t.request({
      method: 'PATCH',
      url: `/api/application/case/${app.id}/letters/${medical!._id}`,
      payload: { deadline: '2027-02-04', ownerId: staff.id },
      token: staff.token,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(CaseSchema.parse(back.json()).letters[0]).toMatchObject({ deadline: '2027-02-04', ruleDeadline: null, reason: '' });
    const changes = await auditDetails(t, app.id, 'case.letter.changed');
    expect(changes).toEqual([expect.objectContaining({ deadlineFrom: '2027-03-06', deadlineTo: '2027-02-04', ownerTo: staff.id })]);
  });

  it('needs the deadline a procedural fairness letter gives, and a documents-sent step closes only the letter named', async () => {
    const app = await createApplication(t.db);
    const none = await letter(app.id, { kind: 'fairness', letterDate: '2027-01-11' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(T.deadlineRequired);
    const before = await letter(app.id, { kind: 'fairness', letterDate: '2027-01-11', deadline: '2027-01-01' });
    expect(before.json().message).toBe(T.deadlineBeforeLetter);

    await letter(app.id, { kind: 'fairness', letterDate: '2027-01-11', deadline: '2027-01-25' });
    const both = CaseSchema.parse((await letter(app.id, { kind: 'documents', letterDate: '2027-01-11', deadline: '2027-02-11' })).json());
    const fairness = both.letters.find((l) => l.kind === 'fairness')!;
    const sent = CaseSchema.parse((await step(app.id, { kind: 'documents-sent', date: '2027-01-12', letterId: fairness._id })).json());
    expect(sent.letters.map((l) => [l.kind, l.doneOn])).toEqual([
      ['fairness', '2027-01-12'],
      ['documents', null],
    ]);
    const again = await step(app.id, { kind: 'documents-sent', date: '2027-01-12', letterId: fairness._id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(T.letterNotOpen);
  });

  it('refuses a bad IRCC number, a future date, a decision by step, an old exemption, and changes nothing', async () => {
    const app = await createApplication(t.db);
    const cases = [
      [{ kind: 'submitted', date: '2027-01-02', irccNumber: '12345' }, T.irccNumberInvalid],
      [{ kind: 'submitted', date: '2027-01-02' }, T.irccNumberRequired],
      [{ kind: 'medical-done', date: '2027-01-13' }, T.dateInFuture],
      [{ kind: 'moved', date: '2027-01-12', stage: 'decision' }, T.decisionThroughStatus],
      [{ kind: 'moved', date: '2027-01-12', stage: 'custom-nothing' }, T.stageRequired],
      [{ kind: 'biometrics-exempt', date: '2017-01-12' }, T.exemptTooOld],
      [{ kind: 'sideways', date: '2027-01-12' }, 'Please choose a step from the list.'],
      [{ kind: 'medical-done', date: '2027-02-30' }, T.invalidDate],
      [{ kind: 'passport-handed', date: '2027-01-12' }, T.passportByHandover],
    ] as const;
    for (const [payload, message] of cases) {
      const res = await step(app.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // An appointment may be ahead; an exemption nine years back holds.
    expect((await step(app.id, { kind: 'biometrics-appointment', date: '2027-01-20' })).statusCode).toBe(200);
    const exempt = CaseSchema.parse((await step(app.id, { kind: 'biometrics-exempt', date: '2018-01-13' })).json());
    expect(exempt.biometricsValidUntil).toBe('2028-01-13');
    expect(exempt.timeline).toHaveLength(2);
  });

  it('reaches the decision only through Approve or Reject, goes back where it was on Pending, and a refusal closes its letters', async () => {
    const app = await createApplication(t.db);
    await letter(app.id, { kind: 'passport', letterDate: '2027-01-10' });
    const approve = await t.request({ method: 'PUT', url: `/api/application/updateApplicationApprove/${app.id}`, token: staff.token });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await caseOf(app.id)).stage).toBe('decision');
    await t.request({ method: 'PUT', url: `/api/application/updateApplicationPending/${app.id}`, token: staff.token });
    const back = await caseOf(app.id);
    expect(back.stage).toBe('passport');
    expect(back.timeline.map((e) => e.kind)).toEqual(['letter', 'decision', 'moved']);
    expect(back.letters[0]!.doneOn).toBeNull();
    // A refusal closes what IRCC had asked for.
    await t.request({ method: 'PUT', url: `/api/application/updateApplicationReject/${app.id}`, token: staff.token });
    expect((await caseOf(app.id)).letters[0]!.doneOn).toBe('2027-01-12');
  });

  it('follows the office’s own stages, refuses a hidden one, and lets only the owner change them', async () => {
    const stages = [...DEFAULT_CASE_SETTINGS.stages, { key: 'custom-courier', en: 'With the courier', bn: 'কুরিয়ারে', hidden: false }];
    const settings = { ...DEFAULT_CASE_SETTINGS, stages: stages.map((s) => (s.key === 'medical' ? { ...s, hidden: true } : s)) };
    const byStaff = await t.request({ method: 'PUT', url: '/api/users/settings/case', payload: settings, token: staff.token });
    expect(byStaff.statusCode).toBe(403);
    const saved = await t.request({ method: 'PUT', url: '/api/users/settings/case', payload: settings, token: owner.token });
    expect(saved.statusCode, saved.body).toBe(200);
    const app = await createApplication(t.db);
    expect((await step(app.id, { kind: 'moved', date: '2027-01-12', stage: 'custom-courier' })).statusCode).toBe(200);
    const hidden = await step(app.id, { kind: 'moved', date: '2027-01-12', stage: 'medical' });
    expect(hidden.json().message).toBe(T.stageHidden);
    const read = await t.request({ method: 'GET', url: '/api/users/settings/case', token: staff.token });
    expect(read.json().stages.at(-1).key).toBe('custom-courier');
    // IRCC's stages cannot be removed.
    const removed = { ...DEFAULT_CASE_SETTINGS, stages: DEFAULT_CASE_SETTINGS.stages.slice(1) };
    expect((await t.request({ method: 'PUT', url: '/api/users/settings/case', payload: removed, token: owner.token })).statusCode).toBe(
      400,
    );
    await t.request({ method: 'PUT', url: '/api/users/settings/case', payload: DEFAULT_CASE_SETTINGS, token: owner.token });
  });

  it('answers 404 for an unknown application, 401 without a session, and 409 once the record is erased', async () => {
    const unknown = await letter('e'.repeat(24), { kind: 'medical', letterDate: '2027-01-05' });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/application/case/${'e'.repeat(24)}` })).statusCode).toBe(401);
    const app = await createApplication(t.db, { anonymised_at: '2027-01-01T00:00:00.000Z' });
    const erased = await letter(app.id, { kind: 'medical', letterDate: '2027-01-05' });
    expect(erased.statusCode).toBe(409);
    expect(erased.json().message).toBe(T.erased);
    expect((await caseOf(app.id)).letters).toEqual([]);
  });
});
