import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { type QueryParam, compiledQuery } from '../src/db/compiled-query.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Values given by name change on every run; a value written into the query itself stays.
const adminsNamed = compiledQuery((db, param: QueryParam<'email' | 'other'>) =>
  db
    .selectFrom('users')
    .select(['email', 'role'])
    .where((eb) => eb.or([eb('email', '=', param('email')), eb('email', '=', param('other'))]))
    .where('role', '=', 'admin')
    .orderBy('email'),
);

describe('compiledQuery', () => {
  it('runs the query compiled once with each call’s values, keeping its constants', async () => {
    const a = await t.createStaff('admin');
    const b = await t.createStaff('admin');
    const owner = await t.createStaff('superadmin');
    const [ea, eb, eo] = [a.email, b.email, owner.email];
    expect((await adminsNamed(t.db, { email: ea, other: eb })).map((r) => r.email)).toEqual([ea, eb].sort());
    expect((await adminsNamed(t.db, { email: eb, other: 'nobody@example.com' })).map((r) => r.email)).toEqual([eb]);
    // The owner is not an admin: the constant of the query still applies.
    expect(await adminsNamed(t.db, { email: eo, other: eo })).toEqual([]);
  });
});
