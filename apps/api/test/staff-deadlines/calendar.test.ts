import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { CaseView } from '@visa/shared/case-work';
import { CalendarFeedStatusSchema, NewCalendarFeedSchema } from '@visa/shared/staff-deadlines';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, auditDetails, loggingTwin, staffForFile } from '@visa/test-support/file-app';
import { sha256 } from '../../src/lib/tokens.js';

/**
 * The calendar feed (ADR 0081): a member makes a secret address shown once, a calendar app reads
 * their open letters from it as all-day events with stable UIDs, a replaced or revoked address
 * answers 404 like one never made, wrong guesses are limited, and no log line holds the token.
 */

const clock = new Date('2027-01-12T06:00:00.000Z');
const t = appForFile({}, { now: () => clock });
const nadia = staffForFile(t, 'admin', { name: 'Nadia Staff' });
const rafi = staffForFile(t, 'admin', { name: 'Rafi Clerk' });

let logged: FastifyInstance | null = null;
afterAll(() => logged?.close());

const feedPath = (url: string) => new URL(url).pathname;
const makeFeed = async (token: string) => {
  const res = await t.request({ method: 'POST', url: '/api/users/me/calendar-feed', token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return NewCalendarFeedSchema.parse(res.json()).url;
};
const status = async (token: string) =>
  CalendarFeedStatusSchema.parse((await t.request({ method: 'GET', url: '/api/users/me/calendar-feed', token })).json());
const read = (url: string) => t.request({ method: 'GET', url: feedPath(url) });
const letter = (id: string, payload: Record<string, unknown>, token: string) =>
  t.request({ method: 'POST', url: `/api/application/case/${id}/letters`, payload, token });
const events = (ics: string) => [...ics.matchAll(/BEGIN:VEVENT[\s\S]*?END:VEVENT/g)].map((m) => m[0]);

describe('the calendar feed', () => {
  it('lists my open letters as all-day events that update in place, behind an address shown once', async () => {
    const a = await createApplication(t.db, { given_name: 'Rahim', surname: 'Chowdhury' });
    const b = await createApplication(t.db, { given_name: 'Salma', surname: 'Begum' });
    expect(await status(nadia.token)).toEqual({ active: false, createdAt: null });
    const url = await makeFeed(nadia.token);
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    const token = feedPath(url).slice('/api/calendar/'.length, -'.ics'.length);
    const stored = await t.db.selectFrom('calendar_feeds').selectAll().execute();
    expect(stored.map((r) => r.token_hash)).toEqual([sha256(token)]);
    expect(await status(nadia.token)).toMatchObject({ active: true, createdAt: clock.toISOString() });

    const reason = { reason: 'As the letter says' };
    expect((await letter(a.id, { kind: 'biometrics', letterDate: '2026-12-10' }, nadia.token)).statusCode).toBe(200);
    const medical = await letter(b.id, { kind: 'medical', letterDate: '2027-01-02', deadline: '2027-01-20', ...reason }, nadia.token);
    expect((await letter(b.id, { kind: 'passport', letterDate: '2027-01-02' }, rafi.token)).statusCode).toBe(200);

    const feed = await read(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    const first = events(feed.body);
    expect(first).toHaveLength(2);
    expect(feed.body).toContain(`SUMMARY:Biometrics deadline — ${a.id} Rahim`);
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20270109');
    expect(feed.body).toContain(`SUMMARY:Medical deadline — ${b.id} Salma`);
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20270120');
    for (const personal of [a.surname, b.surname, a.passport, a.email, 'Passport deadline']) expect(feed.body).not.toContain(personal);

    // A moved deadline is the same event (same UID) on its new day; an answered letter leaves the feed.
    const medicalId = (medical.json() as CaseView).letters.find((l) => l.kind === 'medical')!._id;
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/application/case/${b.id}/letters/${medicalId}`,
      payload: { deadline: '2027-01-25', reason: 'IRCC gave more time' },
      token: nadia.token,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.request({
      method: 'POST',
      url: `/api/application/case/${a.id}/steps`,
      payload: { kind: 'biometrics-given', date: '2027-01-05' },
      token: nadia.token,
    });
    const second = events((await read(url)).body);
    expect(second).toHaveLength(1);
    const uid = (event: string) => /UID:(\S+)/.exec(event)?.[1];
    expect(first.map(uid)).toContain(uid(second[0]!));
    expect(second[0]).toContain('DTSTART;VALUE=DATE:20270125');
  });

  it('answers 404 alike to a replaced, revoked or unknown address, and audits each change', async () => {
    const old = await makeFeed(nadia.token);
    const current = await makeFeed(nadia.token);
    const refused = await read(old);
    expect(refused.statusCode).toBe(404);
    expect((await read(current)).statusCode).toBe(200);
    const revoked = await t.request({ method: 'DELETE', url: '/api/users/me/calendar-feed', token: nadia.token });
    expect(revoked.json()).toEqual({ active: false, createdAt: null });
    for (const answer of [await read(current), await t.request({ method: 'GET', url: '/api/calendar/nothing.ics' })]) {
      expect([answer.statusCode, answer.body]).toEqual([refused.statusCode, refused.body]);
    }
    expect((await t.request({ method: 'POST', url: '/api/users/me/calendar-feed' })).statusCode).toBe(401);
    const audited = await auditDetails(t, nadia.id, 'case.calendar_feed');
    expect(audited.at(-1)).toEqual({ replaced: true });
    expect(await auditDetails(t, nadia.id, 'case.calendar_feed.revoked')).toHaveLength(1);
  });

  it('never logs the token, whatever address was asked for', async () => {
    const url = await makeFeed(rafi.token);
    const path = feedPath(url);
    const token = path.slice('/api/calendar/'.length, -'.ics'.length);
    const lines: string[] = [];
    logged = await loggingTwin(t, lines, () => clock);
    const asked = [
      await logged.inject({ method: 'GET', url: path }),
      await logged.inject({ method: 'POST', url: path }),
      await logged.inject({ method: 'GET', url: `${path}/extra` }),
      await logged.inject({ method: 'GET', url: `${path}?x=${token}` }),
      await logged.inject({ method: 'GET', url: `/api/calendar/${token}` }),
    ];
    // A POST is refused before any route (no XSRF pair), its address logged all the same.
    expect(asked.map((r) => r.statusCode)).toEqual([200, 403, 404, 200, 404]);
    expect(lines.some((line) => line.includes('/api/calendar'))).toBe(true);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
  });

  it('limits wrong guesses per address', async () => {
    const url = await makeFeed(rafi.token);
    // Earlier tests' wrong addresses count too: 404s until the limit, then 429 for every address, a live one included.
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await t.request({ method: 'GET', url: `/api/calendar/guess${i}.ics` })).statusCode);
    const firstRefused = answers.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(answers.slice(0, firstRefused).every((s) => s === 404)).toBe(true);
    expect(answers.slice(firstRefused).every((s) => s === 429)).toBe(true);
    expect((await read(url)).statusCode).toBe(429);
  });
});
