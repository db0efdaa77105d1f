// What the outage drills share (ADR 0068): a steady stream of adds (multipart, with a photo) and
// reads against one instance, every answer counted by the phase it fell in (before, during and
// after the outage) and by kind (2xx, 503 with or without Retry-After, 507, any other 5xx, no
// answer), and every acknowledged add kept to be read back at the end.
import { addApplication, applicationFields, photoJpeg, tagMaker } from './product.mjs';
import { failureKind, sleep } from './harness.mjs';

/** The kind an answer ({ status, retryAfter }) is counted as: a 5xx that is not 503/507 is what the drills refuse. */
function kindOf(res) {
  if (res.status < 300) return '2xx';
  if (res.status === 503) return res.retryAfter ? '503+Retry-After' : '503 without Retry-After';
  if (res.status === 507) return '507';
  if (res.status >= 500) return `${res.status} (other 5xx)`;
  return `${res.status}`;
}

/**
 * Starts `workers` clients against `base`, each one request at a time, every other one an add.
 * `stop()` ends them and answers the counts by phase and the acknowledged ids. `pauseMs` spaces
 * each client's requests so the stream is steady rather than as fast as the machine goes.
 */
export async function steadyLoad({ base, session, workers = 4, pauseMs = 50, timeoutMs = 20_000 }) {
  const photo = await photoJpeg(96, 128);
  const nextTag = tagMaker();
  const counts = new Map();
  const acked = [];
  let phase = 'before';
  let stopping = false;
  const count = (kind) => {
    const key = `${phase}\t${kind}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };

  async function add() {
    const answer = await addApplication(base, session, applicationFields(nextTag()), photo, { timeoutMs });
    count(`add ${kindOf(answer)}`);
    if (answer.status === 201 && answer.body?._id) acked.push(answer.body._id);
  }
  async function read() {
    const res = await fetch(`${base}/api/application/fetchApplication?page=1&limit=10`, {
      headers: session.headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer().catch(() => null);
    count(`read ${kindOf({ status: res.status, retryAfter: res.headers.get('retry-after') })}`);
  }

  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let n = w; !stopping; n++) {
      try {
        await (n % 2 === 0 ? add() : read());
      } catch (err) {
        count(`no answer (${failureKind(err)})`);
      }
      await sleep(pauseMs);
    }
  });

  return {
    acked,
    setPhase(next) {
      phase = next;
    },
    /** Answers requested so far in a phase whose kind starts with `prefix`. */
    countOf(phaseName, test) {
      let n = 0;
      for (const [key, v] of counts) {
        const [p, kind] = key.split('\t');
        if (p === phaseName && test(kind)) n += v;
      }
      return n;
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
    /** The counts as lines: `phase  kind  n`. */
    table() {
      return [...counts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, n]) => `  ${key.replace('\t', '  ').padEnd(44)} ${String(n).padStart(6)}`)
        .join('\n');
    },
  };
}

/** Every answer a client would read as "the server is broken": a 5xx other than 503 and 507. */
export const isBadFiveHundred = (kind) => /\(other 5xx\)|503 without Retry-After/.test(kind);

/** Polls /api/ready until `test(body)` holds or `limitMs` passes; answers the last body and status. */
export async function readyUntil(base, test, limitMs = 15_000) {
  const deadline = Date.now() + limitMs;
  let last = null;
  while (Date.now() < deadline) {
    const res = await fetch(`${base}/api/ready`).catch(() => null);
    if (res) last = { status: res.status, body: await res.json().catch(() => null) };
    if (last && test(last)) return last;
    await sleep(200);
  }
  return last;
}
