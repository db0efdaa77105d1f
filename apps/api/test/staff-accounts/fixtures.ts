import type { TestApp } from '@visa/test-support/test-app';

/** What the staff-account test files share: their requests and reads of the database. */

export const UNKNOWN_ID = '0123456789abcdef01234567';

let seq = 0;
export const freshEmail = () => `new-admin-${++seq}-${Date.now().toString(36)}@example.com`;

export function userRequests(app: () => TestApp) {
  const getUsers = (token?: string) => app().request({ method: 'GET', url: '/api/users/get_users', token });
  const addUser = (payload: object, token?: string) => app().request({ method: 'POST', url: '/api/users/add_user', payload, token });
  const updateUser = (id: string, payload: object, token?: string) =>
    app().request({ method: 'PUT', url: `/api/users/update_user/${id}`, payload, token });
  const deleteUser = (id: string, token?: string) => app().request({ method: 'DELETE', url: `/api/users/delete_user/${id}`, token });
  const profile = (payload: object, token?: string) => app().request({ method: 'POST', url: '/api/users/profile', payload, token });
  const me = (token: string) => app().request({ method: 'GET', url: '/api/users/me', token });
  const login = (email: string, password: string) =>
    app().request({ method: 'POST', url: '/api/users/login', payload: { email, password } });

  const userRow = (id: string) => app().db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  /** Account changes recorded for one user (sign-ins, failed ones too, are audited but are not what these tests check). */
  const auditFor = (id: string) =>
    app()
      .db.selectFrom('audit_events')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', id)
      .where('action', 'not in', ['user.login', 'user.login_failed'])
      .orderBy('at')
      .orderBy('id')
      .execute();
  const userCount = async () =>
    Number(
      (
        await app()
          .db.selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { getUsers, addUser, updateUser, deleteUser, profile, me, login, userRow, auditFor, userCount };
}
