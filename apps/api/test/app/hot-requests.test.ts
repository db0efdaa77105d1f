import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Db, createDb } from '../../src/db/connection.js';
import { createApplication } from '@visa/test-support/applications';
import { appForFile, staffForFile } from '@visa/test-support/file-app';
import { engine } from '@visa/test-support/test-app';

/**
 * What each hot request costs, counted rather than timed (ADR 0073): the SQL statements it runs,
 * the log lines it writes at the default LOG_LEVEL, the bytes of its answer. The figures are
 * written down in hot-request-budgets.json; a change that makes one grow fails here, and either
 * earns its cost (the budget is raised in the same change, which review then sees) or is mended.
 * A figure that shrinks fails too, so the budget follows it down and the gain is kept.
 */
type Cost = { statements: number; logLines: number; bytes: number };
const BUDGETS = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'hot-request-budgets.json'), 'utf8')) as Record<
  string,
  Record<string, Cost>
>;

const t = appForFile();
const staff = staffForFile(t, 'admin', { name: 'Hot Path Staff', email: 'hot.path.staff@example.com' });

// A page and a bit of applications, each of the same length, so an answer's size is the same on every run.
const passportOf = (i: number) => `HP${String(i).padStart(7, '0')}`;
const NATIONALITY = 'Bangladesh';
const DOB = '1990-05-17';
const CREATED = '2026-11-20T10:00:00.000Z';

let statements = 0;
let twin: FastifyInstance;
let countingDb: Db;
const lines: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 12; i++) {
    await createApplication(t.db, {
      passport: passportOf(i),
      email: `applicant${String(i).padStart(2, '0')}@example.com`,
      current_nationality: NATIONALITY,
      dob: DOB,
      created_at: CREATED,
      updated_at: CREATED,
      pending_date: '2026-11-20',
    });
  }
  // A second app on the same database, as the office runs it (LOG_LEVEL=info), through a
  // connection that counts the statements it runs.
  countingDb = createDb(t.config.database, { onStatement: () => void statements++ });
  twin = await buildApp(
    { config: { ...t.config, LOG_LEVEL: 'info' }, db: countingDb, secret: t.config.APP_SECRET!, storage: t.storage, webRoot: null },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  await twin.ready();
  // The message worker polls on its own; stopped, so only the requests' own statements are counted.
  await twin.outbox.close();
});

afterAll(async () => {
  await twin.close();
  await countingDb.destroy();
});

const XSRF = 'hot-path-xsrf';
const HOT: [name: string, url: string, signedIn: boolean][] = [
  ['staff list', '/api/application/fetchApplication?page=1&limit=10', true],
  ['search', `/api/application/fetchApplication?page=1&limit=10&search=${passportOf(11).slice(0, 8)}`, true],
  ['me', '/api/users/me', true],
  [
    'status check',
    `/api/application/fetchApplicationEnquiry?search=${passportOf(3)}&search1=${NATIONALITY}&search2=${DOB}&limit=10`,
    false,
  ],
  ['dashboard figures', '/api/application/stats', true],
];

async function costOf(url: string, signedIn: boolean): Promise<Cost & { status: number }> {
  statements = 0;
  const linesBefore = lines.length;
  const res = await twin.inject({
    method: 'GET',
    url,
    headers: { 'x-xsrf-token': XSRF, ...(signedIn ? { authorization: `Bearer ${staff.token}` } : {}) },
    cookies: { 'XSRF-TOKEN': XSRF },
  });
  return { status: res.statusCode, statements, logLines: lines.length - linesBefore, bytes: res.rawPayload.length };
}

describe(`the hot requests stay within their budgets (${engine})`, () => {
  it.each(HOT)('%s', async (name, url, signedIn) => {
    // The second of two alike: what every request after the first costs (nothing left to warm up).
    await costOf(url, signedIn);
    const { status, ...cost } = await costOf(url, signedIn);
    expect(status).toBe(200);
    expect(cost, `${name}: update hot-request-budgets.json if this cost is meant`).toEqual(BUDGETS[engine]?.[name]);
  });

  it('writes one request-log line per answer, naming the route, never a value from the address', () => {
    const completed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(HOT.length * 2);
    expect(lines.some((l) => l.includes('incoming request'))).toBe(false);
    const routes = new Set(completed.map((l) => (l.res as { route: string }).route));
    expect([...routes]).toEqual([...new Set(HOT.map(([, url]) => url.split('?')[0]))]);
    expect(lines.join('\n')).not.toMatch(/HP00000|Bangladesh|1990-05-17|Bearer|\?/);
  });
});
