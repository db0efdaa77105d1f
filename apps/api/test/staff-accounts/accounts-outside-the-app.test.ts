import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import { ensureSuperadmin } from '../../src/bootstrap.js';
import { STAFF } from '@visa/shared/staff-account-texts';
import { PASSWORD, VALIDATION } from '@visa/shared/ui-texts';
import { runAccountCommand } from '../../src/cli/accounts.js';
import type { CliIo } from '../../src/cli/io.js';
import { runMaintenanceCommand } from '../../src/cli/maintenance.js';
import { runSecondFactorCommand } from '../../src/modules/domain/second-factor/cli.js';
import { runImportCommand } from '../../src/modules/operations/import/cli.js';
import { runRetentionCommand } from '../../src/modules/operations/retention/cli.js';
import { buildApi, captureIo, cliEnv } from '@visa/test-support/processes';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';

/**
 * Accounts made or changed without anyone signed in: the owner from ADMIN_EMAIL at start-up, and
 * the operator's `npm run admin -- create | reset-password`. The owner is made only while the
 * office has no super-admin, and every such change is in the audit trail with no actor and the way
 * it was made.
 */

const OWNER = 'owner.from.settings@example.com';
const OWNER_PASSWORD = 'settings-owner-passphrase';
const quiet = { info: () => undefined, warn: () => undefined };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const auditOf = async (entityId: string) =>
  (
    await t.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'action', 'entity', 'details'])
      .where('entity_id', '=', entityId)
      .orderBy('at')
      .orderBy('id')
      .execute()
  ).map((e) => ({ ...e, details: JSON.parse(e.details) as unknown }));

const accountOf = (email: string) => t.db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();

describe('the owner from ADMIN_EMAIL', () => {
  const start = () => ensureSuperadmin(t.db, { ...t.config, ADMIN_EMAIL: OWNER, ADMIN_PASSWORD: OWNER_PASSWORD }, quiet);

  it('is created on the first start, audited as made at first start, and never again once deleted', async () => {
    await start();
    const owner = await accountOf(OWNER);
    expect(owner?.role).toBe('superadmin');
    expect(await auditOf(owner!.id)).toEqual([
      {
        actor_user_id: null,
        action: AUDIT_ACTIONS.staffAccount.created,
        entity: 'user',
        details: { role: 'superadmin', via: 'first-start' },
      },
    ]);

    // Another super-admin deletes the owner from the back office; the process starts again with
    // the same settings.
    const other = await t.createStaff('superadmin');
    const deleted = await t.request({ method: 'DELETE', url: `/api/users/delete_user/${owner!.id}`, token: other.token });
    expect(deleted.statusCode).toBe(200);
    await start();
    await start();
    expect(await accountOf(OWNER)).toBeUndefined();
  });

  it('is created again only when the office has no super-admin at all', async () => {
    await t.db.deleteFrom('users').where('role', '=', 'superadmin').execute();
    await t.createStaff('admin');
    await start();
    const owner = await accountOf(OWNER);
    expect(owner?.role).toBe('superadmin');
    expect((await auditOf(owner!.id)).map((e) => e.details)).toEqual([{ role: 'superadmin', via: 'first-start' }]);
  });
});

describe('npm run admin -- create | reset-password', () => {
  const run = async (command: 'create' | 'reset-password', args: string[]) => {
    const io = captureIo(cliEnv(t.config));
    const code = await runAccountCommand(command, args, io.io);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  };

  it('audits an account it creates, with no actor and no personal data', async () => {
    const email = 'made.by.operator@example.com';
    const done = await run('create', ['--email', email, '--password', 'operator-chosen-passphrase', '--role', 'admin', '--name', 'Nadia']);
    expect(done).toMatchObject({ code: 0, stdout: `Created admin ${email}\n` });
    const account = await accountOf(email);
    const audit = await auditOf(account!.id);
    expect(audit).toEqual([
      { actor_user_id: null, action: AUDIT_ACTIONS.staffAccount.created, entity: 'user', details: { role: 'admin', via: 'cli' } },
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/made\.by\.operator|Nadia|passphrase/);
  });

  it('audits a password it resets and signs the account out', async () => {
    const staff = await t.createStaff('admin');
    const done = await run('reset-password', ['--email', staff.email, '--password', 'operator-reset-passphrase']);
    expect(done.code).toBe(0);
    expect(await auditOf(staff.id)).toEqual([
      {
        actor_user_id: null,
        action: AUDIT_ACTIONS.staffAccount.updated,
        entity: 'user',
        details: { changed: ['password'], via: 'cli' },
      },
    ]);
    const me = await t.request({ method: 'GET', url: '/api/users/sessions', token: staff.token });
    expect(me.statusCode).toBe(401);
  });

  it('changes and audits nothing when it refuses', async () => {
    const before = await t.db.selectFrom('audit_events').select('id').execute();
    expect((await run('reset-password', ['--email', 'nobody@example.com', '--password', 'operator-reset-passphrase'])).code).toBe(1);
    expect((await run('create', ['--email', 'x@example.com', '--password', 'short'])).code).toBe(2);
    expect((await run('create', ['--email', 'y@example.com', '--password', 'operator-chosen-passphrase', '--role', 'owner'])).code).toBe(2);
    expect(await t.db.selectFrom('audit_events').select('id').execute()).toEqual(before);
    expect(await accountOf('y@example.com')).toBeUndefined();
  });
});

describe('npm run admin', () => {
  const admin = (...args: string[]) =>
    spawnSync(process.execPath, ['apps/api/dist/cli/admin.js', ...args], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: { PATH: process.env.PATH ?? '', ...cliEnv(t.config) },
      encoding: 'utf8',
    });

  it("answers --help with one line per command, a command's --help with its options, and a wrong command with one line", () => {
    buildApi();
    const help = admin('--help');
    expect(help.status).toBe(0);
    for (const command of ['create', 'reset-password', 'reset-second-factor', 'import', 'sweep-files', 'backup', 'restore', 'retention']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} +[A-Z][^\n]+\\.$`, 'm'));
    }
    const create = admin('create', '--help');
    expect(create.status).toBe(0);
    expect(create.stdout).toContain('--name NAME');
    expect(create.stdout).toContain('(default: Admin)');
    expect(create.stdout).toMatch(/Example:\n {2}npm run admin -- create --email /);
    const unknown = admin('make-coffee');
    expect({ status: unknown.status, stderr: unknown.stderr }).toEqual({
      status: 2,
      stderr: 'Unknown command make-coffee (npm run admin -- --help lists the commands)\n',
    });
  });
});

describe('a bad or missing argument', () => {
  const PASS = 'operator-chosen-passphrase';
  const cases: [string, (args: string[], io: CliIo) => Promise<number>, string[], string][] = [
    ['create', (a, io) => runAccountCommand('create', a, io), [], '--email is required'],
    ['create', (a, io) => runAccountCommand('create', a, io), ['--email', 'x@example.com'], '--password is required'],
    ['create', (a, io) => runAccountCommand('create', a, io), ['--password', PASS, '--email'], '--email needs a value'],
    ['create', (a, io) => runAccountCommand('create', a, io), ['--email', 'x@', '--password', PASS], `--email: ${VALIDATION.email}`],
    [
      'create',
      (a, io) => runAccountCommand('create', a, io),
      ['--email', 'x@example.com', '--password', PASS, '--name', ''],
      `--name: ${VALIDATION.allFieldsRequired}`,
    ],
    [
      'create',
      (a, io) => runAccountCommand('create', a, io),
      ['--email', 'x@example.com', '--password', PASS, '--name', 'n'.repeat(101)],
      `--name: ${STAFF.nameTooLong}`,
    ],
    [
      'create',
      (a, io) => runAccountCommand('create', a, io),
      ['--email', 'x@example.com', '--password', '-short'],
      `--password: ${PASSWORD.tooShort}`,
    ],
    ['reset-second-factor', (a, io) => runSecondFactorCommand(a, io), ['--mail', 'x@example.com'], 'Unknown option --mail'],
    [
      'sweep-files',
      (a, io) => runMaintenanceCommand('sweep-files', a, io),
      ['--min-age', '-5'],
      '--min-age takes a whole number of seconds, 0 or more, not -5',
    ],
    ['sweep-files', (a, io) => runMaintenanceCommand('sweep-files', a, io), ['--dry-run=yes'], '--dry-run takes no value'],
    ['restore', (a, io) => runMaintenanceCommand('restore', a, io), [], 'DIR is required'],
    ['backup', (a, io) => runMaintenanceCommand('backup', a, io), ['one', 'two'], 'Unexpected argument two'],
    [
      'import',
      (a, io) => runImportCommand(a, { ...io, progress: () => undefined, tty: false }),
      ['export', '--files-concurrency', '0'],
      '--files-concurrency takes a whole number from 1 to 32, not 0',
    ],
    [
      'retention',
      (a, io) => runRetentionCommand(a, io),
      ['--dry-run', '--as-of', '31/01/2027'],
      '--as-of takes a day as YYYY-MM-DD, not 31/01/2027',
    ],
  ];

  it('gets one line naming it and exit 2, and nothing is created', async () => {
    const seen = [];
    for (const [, run, args] of cases) {
      const io = captureIo(cliEnv(t.config));
      seen.push({ code: await run(args, io.io), stderr: io.stderr(), stdout: io.stdout() });
    }
    expect(seen).toEqual(
      cases.map(([command, , , line]) => ({
        code: 2,
        stderr: `${line} (npm run admin -- ${command} --help lists its options)\n`,
        stdout: '',
      })),
    );
    expect(await accountOf('x@example.com')).toBeUndefined();
  });

  it('is not --help: a command answers that with its options and their defaults, and exit 0', async () => {
    const io = captureIo(cliEnv(t.config));
    expect(await runMaintenanceCommand('sweep-files', ['--help'], io.io)).toBe(0);
    expect(io.stdout()).toContain('--min-age SECONDS');
    expect(io.stdout()).toContain('(default: 3600)');
  });
});
