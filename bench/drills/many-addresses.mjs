// Drill: an attacker with many addresses against one passport and one email (ADR 0038). The
// built product runs on 127.0.0.1 with TRUST_PROXY=1, so each request names its client in
// X-Forwarded-For, as a real botnet's would arrive through a proxy. The attacker spends every
// attempt each address is allowed (the per-address limits of LIMITS), many at once; the drill
// counts the guesses that were answered (a status check judged, a password checked) and the
// refusals, then signs in as the owner and checks the status as the applicant from addresses that
// took no part. During the sign-in attack and a flood of unknown emails (the hashing queue) the
// owner also tries from a new address, from the office address they signed in from before, and
// with the device cookie from a new address. Exits 1 on any 5xx, on a crash, when the applicant or
// the owner after the attack is turned away, or when the owner from the office or with the device
// cookie is not signed in within the web client's time-out.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { TIMEOUTS } from '@visa/shared/constants';
import { LIMITS } from '@visa/shared/limits';
import { createTally, drillOptions, failureKind, machine, onCleanup, tempDir } from './lib/harness.mjs';
import { addApplication, applicationFields, photoJpeg, requireBuild, serverErrors, signIn, startProduct } from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/many-addresses.mjs [options]      (after npm run build)

One product on SQLite with TRUST_PROXY=1 on 127.0.0.1. --addresses IPv4 clients each spend their
whole per-address allowance (--ipv6: addresses all in one /64) guessing one passport's date of birth, then one email's password,
--concurrency requests in flight. Prints the guesses answered and refused, and whether the owner
and the applicant, from their own addresses, still got in.`,
  spec: {
    addresses: { default: 1000, min: 1, max: 60_000, help: 'distinct client addresses of the attacker' },
    concurrency: { default: 64, min: 1, max: 500, help: 'requests in flight at once' },
    ipv6: { default: false, help: 'the attacker addresses all lie in one IPv6 /64 instead of being distinct IPv4 addresses' },
  },
  timeLimit: 900,
});

requireBuild();
const work = tempDir('visa-drill-addresses-');
const logFile = path.join(work, 'server.log');
const product = await startProduct({
  env: { DATA_DIR: path.join(work, 'data'), APP_SECRET: randomBytes(32).toString('hex'), TRUST_PROXY: '1' },
  logFile,
});
onCleanup(() => console.log(`server log: ${logFile}`));
const { base } = product;
const xsrf = randomBytes(16).toString('hex');
const double = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };

const owner = { email: 'drill-admin@example.com', password: 'drill-password-1234' };
const session = await signIn(base, owner);
const fields = applicationFields(randomBytes(3).toString('hex'));
const added = await addApplication(base, session, fields, await photoJpeg());
if (added.status !== 200 && added.status !== 201) throw new Error(`add application: ${added.status}`);

const attacker = opts.ipv6
  ? (i) => `2001:db8:4:5:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`
  : (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;
const wrongBirthday = (i) => new Date(Date.UTC(1950, 0, 1 + i)).toISOString().slice(0, 10);

/**
 * Runs `total` requests, `concurrency` at once, and `during` once `duringAt` of them are sent; answers
 * the statuses counted, failures by kind, the slowest answer and what `during` answered.
 */
async function flood(total, request, during, duringAt = 0, alsoDuring = []) {
  const statuses = createTally();
  const failures = createTally();
  let next = 0;
  let slowestMs = 0;
  let duringAnswer;
  const alsoAnswers = [];
  const lane = async () => {
    while (next < total) {
      const i = next++;
      if (i === duringAt && during) duringAnswer = during();
      for (const also of alsoDuring) if (also.at === i) alsoAnswers.push(also.run().then((answer) => ({ kind: also.kind, ...answer })));
      const started = performance.now();
      try {
        const res = await request(i);
        await res.arrayBuffer();
        statuses.add(res.status);
      } catch (err) {
        failures.add(failureKind(err));
      }
      slowestMs = Math.max(slowestMs, performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.concurrency }, lane));
  return {
    statuses,
    failures,
    slowestMs,
    seconds: (performance.now() - started) / 1000,
    during: await duringAnswer,
    also: await Promise.all(alsoAnswers),
  };
}

const timed = async (fn) => {
  const started = performance.now();
  const res = await fn();
  return { res, ms: Math.round(performance.now() - started) };
};

// Address i's j-th attempt is request i + j × addresses: every address is used once before any twice.
const enquiryEach = LIMITS.statusCheck.perPassportAndAddress.limit;
const enquiries = await flood(opts.addresses * enquiryEach, (n) =>
  fetch(
    `${base}/api/application/fetchApplicationEnquiry?${new URLSearchParams({ search: fields.passport, search1: fields.currentN, search2: wrongBirthday(n) })}`,
    { headers: { 'x-forwarded-for': attacker(n % opts.addresses) }, signal: AbortSignal.timeout(30_000) },
  ),
);
const applicant = await timed(() =>
  fetch(
    `${base}/api/application/fetchApplicationEnquiry?${new URLSearchParams({ search: fields.passport, search1: fields.currentN, search2: fields.dob })}`,
    {
      headers: { 'x-forwarded-for': '192.0.2.1' },
    },
  ),
);
const applicantFound = applicant.res.status === 200 && (await applicant.res.json()).applications.length === 1;

const ownerSignIn = (address, deviceCookie) =>
  timed(() =>
    fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...double,
        ...(deviceCookie ? { cookie: `${double.cookie}; ${deviceCookie}` } : {}),
        'x-forwarded-for': address,
      },
      body: JSON.stringify(owner),
      signal: AbortSignal.timeout(30_000),
    }),
  );

// Before the attack the owner signs in at the office: that address group becomes known to the
// account, and the browser keeps the device cookie (ADR 0038).
const office = '192.0.2.20';
const officeSignIn = await ownerSignIn(office);
const deviceCookie = officeSignIn.res.headers
  .getSetCookie()
  .map((c) => /^(known_device=[^;]+)/.exec(c)?.[1])
  .find(Boolean);
let cleanSeq = 0;
/** The owner's tries during an attack, spread over its requests: from a new address, from the office, with the device cookie from a new address. */
const ownerTries = (total, rounds) =>
  Array.from({ length: rounds }, (_, r) => Math.floor((total * (r + 1)) / (rounds + 1))).flatMap((at) => [
    { at, kind: 'new address', run: () => ownerSignIn(`192.0.2.${100 + cleanSeq++}`) },
    { at, kind: 'office address', run: () => ownerSignIn(office) },
    { at, kind: 'device cookie', run: () => ownerSignIn(`198.18.0.${1 + cleanSeq++}`, deviceCookie) },
  ]);

const loginEach = LIMITS.login.perAccountAndAddress.limit;
const logins = await flood(
  opts.addresses * loginEach,
  (n) =>
    fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `XSRF-TOKEN=${xsrf}`,
        'x-xsrf-token': xsrf,
        'x-forwarded-for': attacker(n % opts.addresses),
      },
      body: JSON.stringify({ email: owner.email, password: `guess number ${n}` }),
      signal: AbortSignal.timeout(30_000),
    }),
  () => ownerSignIn('192.0.2.3'),
  // Half-way through the first round: past the hard limit, while new addresses still queue for turns.
  Math.floor(opts.addresses / 2),
  ownerTries(opts.addresses * loginEach, 3),
);
// Unknown emails from new addresses: every one is a password check, and the hashing queue fills.
const hashFloodTotal = opts.addresses * 2;
const hashFlood = await flood(
  hashFloodTotal,
  (n) =>
    fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...double, 'x-forwarded-for': `100.64.${(n >> 8) & 255}.${(n & 255) + 1}` },
      body: JSON.stringify({ email: `nobody-${n}@example.com`, password: 'not a password' }),
      signal: AbortSignal.timeout(30_000),
    }),
  undefined,
  0,
  ownerTries(hashFloodTotal, 2),
);
const ownerIn = await ownerSignIn('192.0.2.2');

const errors = serverErrors(logFile);
const fiveXx = (tally) =>
  tally
    .entries()
    .filter(([status]) => status >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
const line = (name, run) =>
  `${name}: ${run.statuses.toString()} (failures without an answer: ${run.failures.toString()}); ${run.seconds.toFixed(1)} s, slowest answer ${Math.round(run.slowestMs)} ms`;

console.log(`\nmany-addresses drill — ${machine()}`);
console.log(
  `${opts.addresses} attacker addresses (${opts.ipv6 ? 'all in one IPv6 /64' : 'distinct IPv4'}), ${opts.concurrency} requests in flight`,
);
console.log(line('status check, one passport (200 = a guess judged)', enquiries));
console.log(`  the applicant from their own address: ${applicant.res.status}, found: ${applicantFound}, ${applicant.ms} ms`);
console.log(line('sign-in, one email (401 = a password checked)', logins));
console.log(
  `  the owner from their own address, mid-attack: ${logins.during.res.status}, ${logins.during.ms} ms; after: ${ownerIn.res.status}, ${ownerIn.ms} ms`,
);
console.log(line('sign-in, unknown emails from new addresses (the hashing queue)', hashFlood));
const tries = [...logins.also.map((a) => ({ ...a, during: 'one email' })), ...hashFlood.also.map((a) => ({ ...a, during: 'hashing' }))];
for (const kind of ['new address', 'office address', 'device cookie']) {
  const mine = tries.filter((a) => a.kind === kind);
  console.log(`  the owner, ${kind}: ${mine.map((a) => `${a.during} ${a.res.status} ${a.ms} ms`).join('; ')}`);
}
console.log(`server errors logged: ${errors.length}`);

const failed =
  fiveXx(enquiries.statuses) + fiveXx(logins.statuses) > 0 ||
  errors.length > 0 ||
  product.crashed ||
  !applicantFound ||
  ownerIn.res.status !== 200 ||
  fiveXx(hashFlood.statuses) > 0 ||
  !deviceCookie ||
  tries.some((a) => a.kind !== 'new address' && (a.res.status !== 200 || a.ms > TIMEOUTS.login));
await product.stop();
process.exit(failed ? 1 : 0);
