import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '@visa/test-support/processes';
import { engine } from '@visa/test-support/test-app';

/**
 * The outage drills of bench/drills (ADR 0068) in their short form: each starts the built server
 * on 127.0.0.1, takes its dependency away for a second or two under a light load and checks what
 * the drill checks (no 5xx but 503/507, nothing acknowledged lost, recovery without a restart).
 * They run side by side, so the whole takes about as long as the slowest.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function drill(name: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bench/drills', name), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

type Run = [string, Promise<{ code: number | null; out: string }>];

// The drills start their own database and stores. The SQLite run of the API suite takes the ones on
// SQLite; the PostgreSQL run (only where TEST_DATABASE_URL, so PostgreSQL itself, is present) takes
// the PostgreSQL restart, which starts a cluster of its own to stop.
const drills = (): Run[] =>
  engine === 'postgres'
    ? [['postgres-restart', drill('postgres-restart.mjs', ['--before', '1', '--down', '2', '--after', '2', '--workers', '2'])]]
    : [
        ['s3-away', drill('s3-away.mjs', ['--before', '1', '--down', '2', '--after', '2', '--workers', '2'])],
        ['disk-full', drill('disk-full.mjs', ['--size-mb', '32', '--headroom-mb', '2', '--full', '1', '--after', '2', '--workers', '2'])],
        ['smtp-refusing', drill('smtp-refusing.mjs', ['--down', '3', '--approvals', '3', '--drain-limit', '20', '--settle', '1'])],
      ];

describe(`outage drills, short form, on ${engine}`, () => {
  beforeAll(() => buildApi(), 120_000);

  it(
    'answer 503 or 507 and never another 5xx, lose nothing acknowledged, and recover without a restart',
    { timeout: 120_000 },
    async () => {
      for (const [name, run] of drills()) {
        const { code, out } = await run;
        expect(code, `${name}:\n${out}`).toBe(0);
        // The disk drill needs a tmpfs of its own; where it cannot mount one it says so and passes.
        expect(out, name).toMatch(name === 'disk-full' ? /\nOK\n|SKIPPED: cannot mount/ : /\nOK\n/);
      }
    },
  );
});
