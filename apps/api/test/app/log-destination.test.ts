import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApi } from '@visa/test-support/processes';
import { logDestination } from '../../src/lib/logging.js';

/**
 * The log's destination (lib/logging.ts) hands sonic-boom each line as a Buffer: every byte of a
 * line in Bengali must still be written, every line of a burst in order, and the lines still
 * waiting when the process ends, by `process.exit` or by a crash, written before it does.
 */

const BURST = 20_000;
/** The built module, for the child processes (buildApi() builds it when a source is newer). */
const builtLogging = pathToFileURL(path.resolve(import.meta.dirname, '../../dist/lib/logging.js')).href;
const line = (i: number) => `{"i":${i},"msg":"আবেদন ${i} অনুমোদিত ✓"}\n`;
const expected = (count: number) => Array.from({ length: count }, (_, i) => line(i)).join('');

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-log-destination-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the log destination', () => {
  it('writes every byte of every line of a burst, in order', async () => {
    const file = path.join(dir, 'burst.log');
    const fd = fs.openSync(file, 'a');
    const destination = logDestination(fd);
    for (let i = 0; i < BURST; i++) destination.write(line(i));
    // Written as the event loop turns, a write at a time: the whole burst arrives, none of it twice.
    await vi.waitFor(() => expect(fs.statSync(file).size).toBe(Buffer.byteLength(expected(BURST))), { timeout: 10_000 });
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected(BURST));
  });

  it.each([
    ['process.exit', 'process.exit(0);', 0],
    ['a crash', "throw new Error('crash');", 1],
  ])('writes the lines still waiting when the process ends by %s', (_how, end, status) => {
    buildApi();
    const file = path.join(dir, `end-${status}.log`);
    const script = `import fs from 'node:fs';
import { logDestination } from ${JSON.stringify(builtLogging)};
const destination = logDestination(fs.openSync(${JSON.stringify(file)}, 'a'));
const line = ${line.toString()};
for (let i = 0; i < ${BURST}; i++) destination.write(line(i));
${end}`;
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(res.status, res.stderr).toBe(status);
    expect(fs.readFileSync(file, 'utf8')).toBe(expected(BURST));
  });

  it('keeps the process running when standard output is a pipe whose reader has gone', () => {
    buildApi();
    const script = `import { logDestination } from ${JSON.stringify(builtLogging)};
const destination = logDestination(1);
let i = 0;
const timer = setInterval(() => {
  for (let k = 0; k < 1000; k++) destination.write('{"i":' + i++ + '}\\n');
  if (i >= ${BURST * 5}) { clearInterval(timer); process.stderr.write('wrote ' + i); }
}, 1);`;
    fs.writeFileSync(path.join(dir, 'pipe.mjs'), script);
    // `head` reads a few bytes and exits: the next writes meet a closed pipe (EPIPE).
    const res = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${path.join(dir, 'pipe.mjs')}" | head -c 100 > /dev/null; exit \${PIPESTATUS[0]}`],
      {
        encoding: 'utf8',
      },
    );
    expect(res.status, res.stderr).toBe(0);
    expect(res.stderr).toBe(`wrote ${BURST * 5}`);
  });
});
