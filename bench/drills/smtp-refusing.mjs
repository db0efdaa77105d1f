// Drill: the SMTP server refusing every message with 451 for a while, then accepting (ADR 0068).
// One instance on SQLite sends through an SMTP server in this process (smtp-server, as the tests
// use). Applications are added, then approved one by one (each approval queues one email to its
// applicant) while the server refuses, and a few after it accepts again. Counted: emails expected
// (one per acknowledged approval), received, doubled, and how long after the return the last one
// arrived. Refused: a lost or doubled email, or a queue that has not drained --drain-limit seconds
// after the return.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../lib/processes.mjs';
import { drillOptions, machine, onCleanup, sleep, tempDir } from './lib/harness.mjs';
import { readyUntil } from './lib/outage.mjs';
import { addApplication, applicationFields, photoJpeg, requireBuild, signIn, startProduct, tagMaker } from './lib/product.mjs';

const opts = drillOptions({
  usage: `
node bench/drills/smtp-refusing.mjs [options]      (after npm run build)

One instance on SQLite and an SMTP server that answers 451 for --down seconds while --approvals
applications are approved, then accepts. Exits 1 if an email is lost or doubled, or the queue has
not drained --drain-limit seconds after the server accepts again.`,
  spec: {
    down: { default: 40, min: 1, max: 600, help: 'seconds the SMTP server refuses' },
    approvals: { default: 20, min: 1, max: 500, help: 'applications approved while it refuses' },
    'drain-limit': { default: 60, min: 5, max: 600, help: 'seconds allowed for the queue to drain after the return' },
    settle: { default: 6, min: 1, max: 60, help: 'seconds waited for stray mail before counting starts and after it drained' },
  },
  timeLimit: 900,
});

requireBuild();
const work = tempDir('visa-drill-smtp-');

// --- SMTP, in this process ----------------------------------------------------------------------
const mail = { refusing: false, refused: 0, ids: new Map(), lastAt: 0 };
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  disableReverseLookup: true,
  onRcptTo(_address, _session, callback) {
    if (!mail.refusing) return callback();
    mail.refused += 1;
    callback(Object.assign(new Error('4.3.2 Try again later'), { responseCode: 451 }));
  },
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk) => {
      if (head.length < 8192) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `(none ${randomBytes(4).toString('hex')})`;
      mail.ids.set(id, (mail.ids.get(id) ?? 0) + 1);
      mail.lastAt = Date.now();
      callback();
    });
  },
});
const smtpPort = await freePort();
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
onCleanup(() => smtp.close());
const received = () => [...mail.ids.values()].reduce((a, b) => a + b, 0);

const product = await startProduct({
  env: {
    DATA_DIR: path.join(work, 'data'),
    APP_SECRET: 'm'.repeat(40),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    READY_OUTBOX_LATE_MINUTES: '1',
  },
  logFile: path.join(work, 'server.log'),
});
const session = await signIn(product.base);

// Applications first, and whatever mail they cause delivered, so only the approvals count.
const photo = await photoJpeg(96, 128);
const nextTag = tagMaker();
const ids = [];
for (let i = 0; i < opts.approvals + 3; i++) {
  const res = await addApplication(product.base, session, applicationFields(nextTag()), photo);
  if (res.status !== 201) throw new Error(`add: ${res.status} ${JSON.stringify(res.body)}`);
  ids.push(res.body._id);
}
await sleep(opts.settle * 1000);
const baseline = received();

const approve = async (id) => {
  const res = await fetch(`${product.base}/api/application/updateApplicationApprove/${id}`, {
    method: 'PUT',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: '{}',
  });
  await res.arrayBuffer();
  return res.status === 200;
};

mail.refusing = true;
const refusedFrom = Date.now();
let acknowledged = 0;
const spacing = (opts.down * 1000) / (opts.approvals + 1);
for (const id of ids.slice(0, opts.approvals)) {
  if (await approve(id)) acknowledged += 1;
  await sleep(spacing);
}
await sleep(Math.max(0, opts.down * 1000 - (Date.now() - refusedFrom)));
const readyRefusing = await readyUntil(product.base, () => true, 2000);
mail.refusing = false;
const returnedAt = Date.now();
// A few more after the return, as an office's work goes on.
for (const id of ids.slice(opts.approvals)) if (await approve(id)) acknowledged += 1;

const expected = baseline + acknowledged;
while (received() < expected && Date.now() - returnedAt < opts['drain-limit'] * 1000) await sleep(200);
const drainedAfterS = received() >= expected ? (mail.lastAt - returnedAt) / 1000 : null;
// Anything doubled would come after the queue drained: wait one more poll to see it.
await sleep(opts.settle * 1000);

const doubled = [...mail.ids.values()].filter((n) => n > 1).length;
const problems = [];
if (received() < expected)
  problems.push(`lost: ${expected - received()} of ${acknowledged} emails never arrived within ${opts['drain-limit']} s`);
if (received() > expected || doubled > 0)
  problems.push(`doubled: ${doubled} Message-IDs arrived more than once (${received()} received, ${expected} expected)`);
if (product.crashed) problems.push('the product process exited');

console.log(`smtp-refusing: ${machine()}`);
console.log(
  `SMTP answered 451 for ${opts.down} s (${mail.refused} refusals) while ${opts.approvals} applications were approved, 3 more after`,
);
console.log(`emails expected: ${acknowledged}, received: ${received() - baseline}, doubled: ${doubled}`);
console.log(
  `last email arrived ${drainedAfterS === null ? 'never (not drained)' : `${drainedAfterS.toFixed(1)} s`} after the server accepted again`,
);
console.log(`/api/ready at the end of the refusals: ${readyRefusing?.status} ${JSON.stringify(readyRefusing?.body)}`);
await product.stop();
if (problems.length > 0) {
  console.log(`FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('OK');
process.exit(0);
