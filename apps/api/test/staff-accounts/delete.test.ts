import { describe, expect, it } from 'vitest';
import { SERVER, VALIDATION } from '@visa/shared/ui-texts';
import { STAFF } from '@visa/shared/staff-account-texts';
import { createTestApp } from '@visa/test-support/test-app';
import { UNKNOWN_ID, userRequests } from './fixtures.js';
import { appForFile, staffForFile } from '@visa/test-support/file-app';

const t = appForFile();
const owner = staffForFile(t, 'superadmin', { name: 'Office Owner' });

const { deleteUser, me, userRow, auditFor, userCount } = userRequests(() => t);

describe('DELETE /api/users/delete_user/:id', () => {
  it('deletes a sub-admin, ends their sessions at once, and audits it', async () => {
    const sub = await t.createStaff('admin', { name: 'Leaving Soon' });
    const res = await deleteUser(sub.id, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String), _id: sub.id });
    expect(await userRow(sub.id)).toBeUndefined();
    expect((await me(sub.token)).statusCode).toBe(401);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', sub.id).execute();
    expect(sessions).toEqual([]);
    expect((await auditFor(sub.id)).map((a) => [a.action, a.actor_user_id, JSON.parse(a.details)])).toEqual([
      ['user.deleted', owner.id, { role: 'admin' }],
    ]);
  });

  it('refuses to delete yourself', async () => {
    const res = await deleteUser(owner.id, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SERVER.cannotDeleteSelf });
    expect(await userRow(owner.id)).toBeDefined();
  });

  it('leaves a lone super-admin no way to remove or demote themself', async () => {
    const solo = await createTestApp();
    try {
      const last = await solo.createStaff('superadmin');
      const del = await solo.request({ method: 'DELETE', url: `/api/users/delete_user/${last.id}`, token: last.token });
      expect(del.statusCode).toBe(409);
      const demote = await solo.request({
        method: 'PUT',
        url: `/api/users/update_user/${last.id}`,
        token: last.token,
        payload: { name: 'Last', email: last.email, role: 'admin' },
      });
      expect(demote.statusCode).toBe(409);
      expect(await solo.db.selectFrom('users').select(['id', 'role']).execute()).toEqual([{ id: last.id, role: 'superadmin' }]);
    } finally {
      await solo.close();
    }
  });

  it('never leaves the office without a super-admin when two remove each other at the same time', async () => {
    const race = await createTestApp();
    try {
      const a = await race.createStaff('superadmin');
      const b = await race.createStaff('superadmin');
      const [ra, rb] = await Promise.all([
        race.request({ method: 'DELETE', url: `/api/users/delete_user/${b.id}`, token: a.token }),
        race.request({ method: 'DELETE', url: `/api/users/delete_user/${a.id}`, token: b.token }),
      ]);
      const codes = [ra.statusCode, rb.statusCode].sort();
      expect(codes[0]).toBe(200);
      // The loser either still passed sign-in and hit the rule (409 last super-admin) or was already gone (401).
      expect([401, 409]).toContain(codes[1]);
      const loser = ra.statusCode === 200 ? rb : ra;
      if (loser.statusCode === 409) expect(loser.json()).toEqual({ message: SERVER.lastSuperadmin });
      const left = await race.db.selectFrom('users').select('id').where('role', '=', 'superadmin').execute();
      expect(left).toHaveLength(1);
    } finally {
      await race.close();
    }
  });

  it('never demotes the last super-admin when two demote each other at the same time', async () => {
    const race = await createTestApp();
    try {
      const a = await race.createStaff('superadmin');
      const b = await race.createStaff('superadmin');
      const results = await Promise.all([
        race.request({
          method: 'PUT',
          url: `/api/users/update_user/${b.id}`,
          token: a.token,
          payload: { name: 'B', email: b.email, role: 'admin' },
        }),
        race.request({
          method: 'PUT',
          url: `/api/users/update_user/${a.id}`,
          token: b.token,
          payload: { name: 'A', email: a.email, role: 'admin' },
        }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(200);
      // The loser is refused (403 once demoted, 409 at the last super-admin) or, when the winner's
      // demotion ended its sessions before its own request was read, signed out (401).
      expect([401, 403, 409]).toContain(codes[1]);
      const left = await race.db.selectFrom('users').select('id').where('role', '=', 'superadmin').execute();
      expect(left).toHaveLength(1);
    } finally {
      await race.close();
    }
  });

  it('answers 404 for an unknown id and 400 "Invalid ID format" for a malformed one', async () => {
    const before = await userCount();
    const unknown = await deleteUser(UNKNOWN_ID, owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: STAFF.notFound });
    for (const bad of ['123', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '0123456789abcdef012345678']) {
      const res = await deleteUser(bad, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(VALIDATION.invalidId);
    }
    expect(await userCount()).toBe(before);
  });

  it('is 401 anonymous and 403 for a sub-admin', async () => {
    const sub = await t.createStaff('admin');
    const victim = await t.createStaff('admin');
    expect((await deleteUser(victim.id)).statusCode).toBe(401);
    expect((await deleteUser(victim.id, sub.token)).statusCode).toBe(403);
    expect(await userRow(victim.id)).toBeDefined();
  });
});
