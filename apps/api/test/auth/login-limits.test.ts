import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@visa/shared/limits';
import { SIGN_IN_ALERT_SUBJECT } from '@visa/shared/email-texts';
import { LOGIN, SERVER } from '@visa/shared/ui-texts';
import { ENQUIRY_APPLICANT, createApplication } from '@visa/test-support/applications';
import { freePort } from '@visa/test-support/ports';
import { type TestSmtpServer, startSmtpServer } from '@visa/test-support/smtp';
import { type TestApp, createTestApp } from '@visa/test-support/test-app';
import { auditedClient } from '../../src/modules/kernel/audit/client.js';

/**
 * Limits that cannot be turned against the people they protect (ADR 0017): an address that hammers
 * an account or a passport uses up only its own attempts; across addresses a far higher ceiling
 * slows the answers down and tells the account holder, but never refuses the right password.
 */

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtpServer(port);
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Visa Desk <desk@example.com>' });
  await t.app.outbox.stop();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let addressSeq = 0;
/** A new client address each call: 10.x.y.z, never reused across tests. */
const nextAddress = () => `10.${Math.floor(++addressSeq / 62_500) + 20}.${Math.floor(addressSeq / 250) % 250}.${(addressSeq % 250) + 1}`;

const login = (email: string, password: string, remoteAddress: string) =>
  t.request({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });
const audit = (action: string) =>
  t.db.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute();
const outboxTo = (to: string) => t.db.selectFrom('outbox').selectAll().where('recipient', '=', to).execute();

describe('sign-in: one address cannot lock an account out for everyone', () => {
  it('an address hammering the owner gets 429, while the owner signs in from another address', async () => {
    const owner = await t.createStaff('superadmin');
    const attacker = nextAddress();
    for (let i = 0; i < LIMITS.login.perAccountAndAddress.limit; i++)
      expect((await login(owner.email, `guess ${i}`, attacker)).statusCode).toBe(401);
    const refused = await login(owner.email, owner.password, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: SERVER.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect((await login(owner.email, owner.password, nextAddress())).statusCode).toBe(200);

    // The first refusal in the window is audited once, with the account and the address.
    expect((await login(owner.email, 'again', attacker)).statusCode).toBe(429);
    const limited = (await audit('user.login_limited')).filter((e) => e.entity_id === owner.id);
    expect(limited.map((e) => JSON.parse(e.details))).toEqual([
      { scope: 'account-address', client: auditedClient(t.config.APP_SECRET!, attacker) },
    ]);
  });

  it('keeps the overall per-address limit across many emails, and audits its first refusal without naming an account', async () => {
    const address = nextAddress();
    for (let i = 0; i < LIMITS.login.perAddress.limit; i++)
      expect((await login(`nobody-${i}@example.com`, 'nope', address)).statusCode).toBe(401);
    expect((await login('someone@example.com', 'nope', address)).statusCode).toBe(429);
    const events = (await audit('user.login_limited')).filter(
      (e) => JSON.parse(e.details).client === auditedClient(t.config.APP_SECRET!, address),
    );
    expect(events.map((e) => [e.entity_id, JSON.parse(e.details)])).toEqual([
      [null, { scope: 'address', client: auditedClient(t.config.APP_SECRET!, address) }],
    ]);
  });
});

describe('sign-in: past the limit across addresses, one attempt at a time, and the account holder is told once', () => {
  it('past the ceiling the right password still works, one email is queued and delivered, and the event is audited', async () => {
    const owner = await t.createStaff('superadmin', { name: 'Office Owner' });
    // Spread over addresses so no per-address limit refuses: only the ceiling is reached.
    let address = nextAddress();
    for (let i = 0; i < LIMITS.login.perAccount.limit; i++) {
      if (i % LIMITS.login.perAccountAndAddress.limit === 0) address = nextAddress();
      expect((await login(owner.email, `guess number ${i}`, address)).statusCode).toBe(401);
    }
    expect(await outboxTo(owner.email)).toEqual([]);

    // The first attempt past the ceiling: answered (slowed, not refused), and the owner is told.
    const first = await login(owner.email, owner.password, nextAddress());
    expect(first.statusCode).toBe(200);
    const second = await login(owner.email, 'one more guess', nextAddress());
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ message: LOGIN.invalidCredentials });
    expect((await login(owner.email, owner.password, nextAddress())).statusCode).toBe(200);

    const queued = await outboxTo(owner.email);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ subject: SIGN_IN_ALERT_SUBJECT, application_id: null });
    expect(queued[0]!.text_body).toContain('Dear Office Owner,');
    expect(queued[0]!.text_body).not.toMatch(/guess number|one more guess|10\.\d+\.\d+\.\d+/);

    const slowed = (await audit('user.login_slowed')).filter((e) => e.entity_id === owner.id);
    expect(slowed.map((e) => JSON.parse(e.details))).toEqual([
      { attempts: LIMITS.login.perAccount.limit, windowMinutes: 60, client: expect.any(String) },
    ]);

    await t.app.outbox.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(mail).toMatchObject({ to: [owner.email], subject: SIGN_IN_ALERT_SUBJECT });
  });
});

describe('failed sign-ins are audited', () => {
  it('with the account and the address when the email has an account', async () => {
    const sub = await t.createStaff('admin');
    const address = nextAddress();
    expect((await login(sub.email, 'a wrong secret', address)).statusCode).toBe(401);
    const events = (await audit('user.login_failed')).filter((e) => e.entity_id === sub.id);
    // The address as a keyed hash: entries from one address go together, and the log holds no address.
    expect(events.map((e) => [e.actor_user_id, e.entity, JSON.parse(e.details)])).toEqual([
      [null, 'user', { client: auditedClient(t.config.APP_SECRET!, address) }],
    ]);
    expect(events[0]!.details).not.toContain(address);
    expect(events[0]!.details).not.toContain('a wrong secret');
  });

  it('with nothing that names what was typed when the email has no account', async () => {
    const address = nextAddress();
    expect((await login('ghost.visitor@example.com', 'a wrong secret', address)).statusCode).toBe(401);
    const client = auditedClient(t.config.APP_SECRET!, address);
    const events = (await audit('user.login_failed')).filter((e) => JSON.parse(e.details).client === client);
    expect(events.map((e) => [e.entity_id, JSON.parse(e.details)])).toEqual([[null, { client, account: 'unknown' }]]);
    expect(JSON.stringify(events)).not.toMatch(/ghost|a wrong secret/);
  });
});

describe('status check: limits per passport and address, and a slowing ceiling per passport', () => {
  const enquire = (query: Record<string, string>, remoteAddress: string) =>
    t.request({ method: 'GET', url: '/api/application/fetchApplicationEnquiry', query: { limit: '10', ...query }, remoteAddress });

  it('an address guessing one passport gets 429, while the applicant checks from another address', async () => {
    const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT, passport: 'LK0000001', email: 'lk1@example.com' });
    const guesser = nextAddress();
    // Sent at once, like the batches below: every answer waits its floor.
    const guesses = await Promise.all(
      Array.from({ length: LIMITS.statusCheck.perPassportAndAddress.limit }, (_, i) =>
        enquire(
          { search: row.passport, search1: row.current_nationality, search2: `1970-01-${String((i % 28) + 1).padStart(2, '0')}` },
          guesser,
        ),
      ),
    );
    expect(guesses.map((a) => a.statusCode)).toEqual(guesses.map(() => 200));
    const refused = await enquire({ search: row.passport.toLowerCase(), search1: row.current_nationality, search2: row.dob }, guesser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: SERVER.tooManyRequests });

    const applicant = await enquire({ search: row.passport, search1: row.current_nationality, search2: row.dob }, nextAddress());
    expect(applicant.statusCode).toBe(200);
    expect(applicant.json().applications).toHaveLength(1);
  });

  it('past the ceiling across addresses the applicant still gets an answer, and the event is audited once', async () => {
    const row = await createApplication(t.db, { ...ENQUIRY_APPLICANT, passport: 'LK0000002', email: 'lk2@example.com' });
    // One address per batch of lookups, each batch sent at once (every answer waits its floor).
    for (let batch = 0; batch < LIMITS.statusCheck.perPassport.limit / LIMITS.statusCheck.perPassportAndAddress.limit; batch++) {
      const address = nextAddress();
      const answers = await Promise.all(
        Array.from({ length: LIMITS.statusCheck.perPassportAndAddress.limit }, (_, i) =>
          enquire(
            { search: row.passport, search1: row.current_nationality, search2: `1960-02-${String(i + 1).padStart(2, '0')}` },
            address,
          ),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    }
    for (let i = 0; i < 2; i++) {
      const answer = await enquire({ search: row.passport, search1: row.current_nationality, search2: row.dob }, nextAddress());
      expect(answer.statusCode).toBe(200);
      expect(answer.json().applications).toHaveLength(1);
    }
    const slowed = await audit('enquiry.slowed');
    expect(slowed).toHaveLength(1);
    expect(JSON.parse(slowed[0]!.details)).toMatchObject({ attempts: LIMITS.statusCheck.perPassport.limit });
    expect(slowed[0]!.details).not.toContain(row.passport);
  });
});
