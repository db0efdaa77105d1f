import { describe, expect, it } from 'vitest';
import { WORK_TEXTS, WorkListSchema } from '@visa/shared/case-work-lists';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';

// 12 January 2027, 23:30 in Dhaka (17:30 UTC): the office's day is still the 12th.
const now = new Date('2027-01-12T17:30:00.000Z');
const t = appForFile({ APP_TIMEZONE: 'Asia/Dhaka' }, { now: () => now });
const nadia = staffForFile(t, 'admin', { name: 'Nadia Staff' });
const rafi = staffForFile(t, 'admin', { name: 'Rafi Clerk' });
const owner = staffForFile(t, 'superadmin', { name: 'Office Owner' });

const work = async (token: string, who?: string) => {
  const res = await t.request({ method: 'GET', url: `/api/application/work${who ? `?who=${who}` : ''}`, token });
  return res;
};
const letter = (id: string, payload: Record<string, unknown>, token: string) =>
  t.request({ method: 'POST', url: `/api/application/case/${id}/letters`, payload, token });

describe('My work', () => {
  it('lists my open letters overdue, due today and this week, and everyone’s for a super-admin only', async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createApplication(t.db)));
    const reason = { reason: 'As the letter says' };
    await letter(a!.id, { kind: 'fairness', letterDate: '2027-01-02', deadline: '2027-01-11' }, nadia.token);
    await letter(b!.id, { kind: 'documents', letterDate: '2027-01-02', deadline: '2027-01-12' }, nadia.token);
    await letter(c!.id, { kind: 'medical', letterDate: '2027-01-02', deadline: '2027-01-19', ...reason }, nadia.token);
    // Eight days ahead is not this week; another's letter is not mine; a done one is nobody's work.
    await letter(d!.id, { kind: 'medical', letterDate: '2027-01-02', deadline: '2027-01-20', ...reason }, nadia.token);
    await letter(d!.id, { kind: 'passport', letterDate: '2027-01-02', deadline: '2027-01-13', ...reason }, rafi.token);
    await letter(a!.id, { kind: 'biometrics', letterDate: '2026-12-20' }, nadia.token);
    await t.request({
      method: 'POST',
      url: `/api/application/case/${a!.id}/steps`,
      payload: { kind: 'biometrics-given', date: '2027-01-05' },
      token: nadia.token,
    });

    const mine = WorkListSchema.parse((await work(nadia.token)).json());
    expect(mine.today).toBe('2027-01-12');
    expect(mine.overdue.map((i) => [i.kind, i.deadline, i.applicationId])).toEqual([['fairness', '2027-01-11', a!.id]]);
    expect(mine.dueToday.map((i) => i.kind)).toEqual(['documents']);
    expect(mine.dueThisWeek.map((i) => [i.kind, i.deadline])).toEqual([['medical', '2027-01-19']]);
    expect(mine.overdue[0]).toMatchObject({ givenName: a!.given_name, owner: { _id: nadia.id, name: 'Nadia Staff' } });

    const refused = await work(nadia.token, 'everyone');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(WORK_TEXTS.everyoneIsOwners);
    const all = WorkListSchema.parse((await work(owner.token, 'everyone')).json());
    expect(all.dueThisWeek.map((i) => [i.kind, i.owner?.name])).toEqual([
      ['passport', 'Rafi Clerk'],
      ['medical', 'Nadia Staff'],
    ]);
    expect((await work(nadia.token, 'nobody')).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/application/work' })).statusCode).toBe(401);
  });
});
