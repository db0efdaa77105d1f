import { describe, expect, it } from 'vitest';
import { type TestApp, engine } from '@visa/test-support/test-app';
import { type QueryParam, compiledQuery, compiledQueryShapes } from '../../src/db/compiled-query.js';
import { appForFile } from '@visa/test-support/file-app';

const t = appForFile();

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

describe('compiledQueryShapes', () => {
  const usersOf = compiledQueryShapes((db, shape: { role: boolean }, param: QueryParam<'email' | 'role'>) => {
    let q = db.selectFrom('users').select('email').where('email', '=', param('email'));
    if (shape.role) q = q.where('role', '=', param<'admin' | 'superadmin'>('role'));
    return q;
  });
  const byEmail = (db: TestApp['db'], email: string, role?: 'admin' | 'superadmin') =>
    usersOf(db, { role: Boolean(role) }, { email, role });

  it('compiles each shape once and runs it with each call’s values', async () => {
    const admin = await t.createStaff('admin');
    const owner = await t.createStaff('superadmin');
    expect(await byEmail(t.db, admin.email)).toEqual([{ email: admin.email }]);
    expect(await byEmail(t.db, owner.email)).toEqual([{ email: owner.email }]);
    // The other shape has its own statement: the role narrows it.
    expect(await byEmail(t.db, owner.email, 'admin')).toEqual([]);
    expect(await byEmail(t.db, admin.email, 'admin')).toEqual([{ email: admin.email }]);
    expect(await byEmail(t.db, admin.email)).toEqual([{ email: admin.email }]);
  });

  it('keys a shape by its facts, whatever order they were written in', async () => {
    const admin = await t.createStaff('admin');
    const facts = compiledQueryShapes((db, shape: { role: boolean; order: boolean }, param: QueryParam<'email' | 'role'>) => {
      let q = db.selectFrom('users').select('email').where('email', '=', param('email'));
      if (shape.role) q = q.where('role', '=', param<'admin' | 'superadmin'>('role'));
      return shape.order ? q.orderBy('email') : q;
    });
    expect(await facts(t.db, { role: true, order: false }, { email: admin.email, role: 'superadmin' })).toEqual([]);
    // The same facts in another order are the same shape: the role still narrows it.
    expect(await facts(t.db, { order: false, role: true }, { email: admin.email, role: 'superadmin' })).toEqual([]);
    expect(await facts(t.db, { order: false, role: false }, { email: admin.email })).toEqual([{ email: admin.email }]);
  });

  it('refuses a value written into the query, which the next call of the shape would inherit', async () => {
    const withConstant = compiledQueryShapes((db, _shape: { constant: true }) =>
      db.selectFrom('users').select('email').where('email', '=', 'someone@example.com'),
    );
    const run = withConstant(t.db, { constant: true }, {});
    await expect(run).rejects.toThrow('not given through param()');
  });
});

describe('a compiled query beside an open transaction', () => {
  const renamed = compiledQuery((db, param: QueryParam<'id' | 'name'>) =>
    db
      .updateTable('users')
      .set({ name: param('name') })
      .where('id', '=', param('id')),
  );

  it('waits for the transaction to end instead of running inside it, so it never reads a change that is rolled back', async () => {
    const staff = await t.createStaff('admin');
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ role: 'superadmin' }).where('id', '=', staff.id).execute();
      entered();
      await released;
      throw new Error('rolled back');
    });
    await inside;
    // Started while the transaction holds the change it will roll back.
    const read = adminsNamed(t.db, { email: staff.email, other: staff.email });
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect((await read).map((r) => r.email)).toEqual([staff.email]);
  });

  it('answers at once on SQLite with no transaction open, and null where it would have to wait', async () => {
    const staff = await t.createStaff('admin');
    const values = { email: staff.email, other: staff.email };
    const rows = adminsNamed.now(t.db, values);
    if (engine === 'postgres') expect(rows).toBeNull();
    else expect(rows?.map((r) => r.email)).toEqual([staff.email]);
    await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'In a transaction' }).where('id', '=', staff.id).execute();
      expect(adminsNamed.now(t.db, values)).toBeNull();
    });
  });

  it('writes through the same path, answering no rows', async () => {
    const staff = await t.createStaff('admin');
    expect(await renamed(t.db, { id: staff.id, name: 'Renamed' })).toEqual([]);
    const row = await t.db.selectFrom('users').select('name').where('id', '=', staff.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Renamed');
  });
});
