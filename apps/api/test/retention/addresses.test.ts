import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { forgetOldAddresses } from '../../src/modules/operations/retention/addresses.js';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/** How long client addresses are kept (ADR 0052): the sessions' and the audit entries' own. */

const NOW = new Date('2030-06-15T12:00:00.000Z');

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['createStaff']>>;
let admin: Awaited<ReturnType<TestApp['createStaff']>>;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
  owner = await t.createStaff('superadmin');
  admin = await t.createStaff('admin');
});
afterAll(() => t.close());

describe('client addresses are kept CLIENT_ADDRESS_RETENTION_DAYS', () => {
  it('drops the addresses of older sessions and the address hashes of older audit entries, and keeps the newer', async () => {
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', 'in', [owner.id, admin.id]).execute();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    await t.db.updateTable('sessions').set({ created_at: '2030-01-01T00:00:00.000Z' }).where('id', '=', sessions[0]!.id).execute();
    await t.db.updateTable('sessions').set({ created_at: '2030-06-01T00:00:00.000Z' }).where('id', '=', sessions[1]!.id).execute();
    const event = (at: string) => ({
      id: newId(),
      actor_user_id: owner.id,
      action: 'user.login_failed',
      entity: 'user',
      entity_id: owner.id,
      at,
      details: JSON.stringify({ client: 'keyed-hash', account: 'unknown' }),
    });
    const old = event('2030-01-01T00:00:00.000Z');
    const recent = event('2030-06-01T00:00:00.000Z');
    await t.db.insertInto('audit_events').values([old, recent]).execute();

    const r = await forgetOldAddresses(t.db, t.config.CLIENT_ADDRESS_RETENTION_DAYS, NOW);
    expect(r.sessionAddresses).toBeGreaterThanOrEqual(1);
    const ip = async (id: string) => (await t.db.selectFrom('sessions').select('ip').where('id', '=', id).executeTakeFirstOrThrow()).ip;
    expect(await ip(sessions[0]!.id)).toBeNull();
    expect(await ip(sessions[1]!.id)).toBe('127.0.0.1');
    const details = async (id: string) =>
      JSON.parse((await t.db.selectFrom('audit_events').select('details').where('id', '=', id).executeTakeFirstOrThrow()).details);
    expect(await details(old.id)).toEqual({ account: 'unknown' });
    expect(await details(recent.id)).toEqual({ client: 'keyed-hash', account: 'unknown' });
  });

  it('goes through a long history in batches, passing details it cannot read', async () => {
    const at = '2029-01-01T00:00:00.000Z';
    const many = Array.from({ length: 1_201 }, (_, i) => ({
      id: newId(),
      actor_user_id: null,
      action: 'user.login_failed',
      entity: 'user',
      entity_id: null,
      at,
      details: JSON.stringify({ client: `hash-${i}` }),
    }));
    const unreadable = { ...many[0]!, id: newId(), details: '{"client": broken' };
    for (let i = 0; i < many.length; i += 300)
      await t.db
        .insertInto('audit_events')
        .values(many.slice(i, i + 300))
        .execute();
    await t.db.insertInto('audit_events').values(unreadable).execute();

    const r = await forgetOldAddresses(t.db, t.config.CLIENT_ADDRESS_RETENTION_DAYS, NOW);
    expect(r.auditAddresses).toBe(many.length);
    const left = await t.db.selectFrom('audit_events').select('details').where('at', '=', at).execute();
    expect(left.filter((row) => row.details.includes('hash-'))).toEqual([]);
    expect(left.map((row) => row.details)).toContain(unreadable.details);
  });
});
