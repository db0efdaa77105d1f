import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@visa/test-support/ports';
import { type ServerProcess, buildApi, startServer, waitUntilAnswering } from '@visa/test-support/processes';
import { type RunningCaddy, accessLines, adaptedLogs, ensureCaddy, startCaddy } from './caddy-helpers.js';

// The shipped deploy/Caddyfile run by the real Caddy in front of the built server: a restart of the
// server under a steady stream of requests, and what its access log keeps of a request.

let dir: string;
let serverPort: number;
let server: ServerProcess;
let caddy: RunningCaddy;
const env = () => ({ DATA_DIR: path.join(dir, 'data'), ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'granite harbour 42' });

beforeAll(async () => {
  ensureCaddy();
  buildApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visa-caddy-'));
  serverPort = await freePort();
  server = startServer(env(), serverPort);
  await waitUntilAnswering(server);
  caddy = await startCaddy(dir, await freePort(), serverPort);
}, 60_000);

afterAll(async () => {
  await caddy?.stop();
  if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
  await server?.exited;
  fs.rmSync(dir, { recursive: true, force: true });
});

type Phase = 'up' | 'restarting' | 'back';

describe('the shipped Caddyfile', () => {
  it('answers every request of a steady stream while the server restarts, none with 502 or 503', async () => {
    let phase: Phase = 'up';
    let streaming = true;
    let oldServerGone = false;
    // crossed: the request was sent before the new server answered and answered after the old one
    // had exited, so Caddy held it across the outage (whether it was sent just before or during it).
    const answers: { phase: Phase; what: string; status: number | string; crossed: boolean }[] = [];
    const xsrf = { 'x-xsrf-token': 't', cookie: 'XSRF-TOKEN=t' };
    const requests = [
      () => fetch(`${caddy.url}/api/health`),
      () => fetch(`${caddy.url}/api/ready`),
      // A POST too: Caddy retries one only if it never reached the server.
      () => fetch(`${caddy.url}/api/users/logout`, { method: 'POST', headers: xsrf }),
    ];
    const stream = requests.map(async (request, i) => {
      while (streaming) {
        const startedIn = phase;
        const status = await request().then(
          async (res) => (await res.arrayBuffer(), res.status),
          (err: Error) => err.message,
        );
        answers.push({ phase: startedIn, what: String(i), status, crossed: startedIn !== 'back' && oldServerGone });
      }
    });
    const answered = (p: Phase) => answers.filter((a) => a.phase === p).length;
    const until = async (done: () => boolean) => {
      while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
    };

    await until(() => answered('up') >= 30);
    // What systemctl restart does: SIGTERM, the process exits, a new one starts on the same port.
    phase = 'restarting';
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    oldServerGone = true;
    server = startServer(env(), serverPort);
    await waitUntilAnswering(server);
    phase = 'back';
    await until(() => answered('back') >= 30);
    streaming = false;
    await Promise.all(stream);

    // Every stream had a request held across the outage, and each was answered once the server was back.
    // (Counting by the phase a request was sent in alone is a race: a stream's request sent just before
    // the SIGTERM can stay in flight for the whole outage.)
    for (const [i] of requests.entries()) {
      expect(
        answers.some((a) => a.what === String(i) && a.crossed),
        `stream ${i}`,
      ).toBe(true);
    }
    expect(answers.filter((a) => typeof a.status !== 'number' || a.status < 200 || a.status > 299)).toEqual([]);
  }, 60_000);

  it("leaves an upload's id, a calendar feed's token, a query string's token and the headers' secrets out of the access log", async () => {
    const secrets = {
      upload: 'UPLOADIDd0c5a1e2f3',
      calendar: 'CALENDARTOKENm3n4b5v6',
      token: 'LINKTOKENa9b8c7d6e5',
      metadata: Buffer.from('passport-of-Rahim.pdf').toString('base64'),
      sig: 'FILESIGf1e2d3c4b5',
      verify: 'VERIFYTOKENz9y8x7',
      cookie: 'SESSIONCOOKIEq1w2e3',
      bearer: 'BEARERr4t5y6u7',
    };
    await fetch(`${caddy.url}/api/uploads/${secrets.upload}`, {
      method: 'HEAD',
      headers: { 'x-document-token': secrets.token, 'tus-resumable': '1.0.0', 'upload-metadata': `filename ${secrets.metadata}` },
    });
    await fetch(`${caddy.url}/api/calendar/${secrets.calendar}.ics`);
    await fetch(`${caddy.url}/files/applications/photo.jpg?exp=1&sig=${secrets.sig}`);
    await fetch(`${caddy.url}/api/messages/receipts/whatsapp?hub.mode=subscribe&hub.verify_token=${secrets.verify}&hub.challenge=7`);
    await fetch(`${caddy.url}/api/users/me`, {
      headers: { cookie: `session=${secrets.cookie}`, authorization: `Bearer ${secrets.bearer}` },
    });

    const wanted = ['/api/uploads/', '/api/calendar/', '/files/applications/photo.jpg', '/api/messages/receipts/whatsapp', '/api/users/me'];
    // Caddy writes a request's line once it has answered it.
    for (let tries = 0; tries < 200; tries++) {
      const uris = accessLines(caddy).map((line) => line.request.uri);
      if (wanted.every((uri) => uris.includes(uri))) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const lines = accessLines(caddy);
    expect(lines.map((line) => line.request.uri)).toEqual(expect.arrayContaining(wanted));
    const log = caddy.output();
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
  });

  it("passes Caddy's own lines, where a failed request's error names it, through the same filter", () => {
    const logs = adaptedLogs(dir);
    const filters = Object.values(logs).map((log) => log.encoder);
    expect(filters).toHaveLength(2);
    expect(filters[0]).toMatchObject({ format: 'filter', fields: { 'request>headers': { filter: 'delete' } } });
    expect(filters[1]).toEqual(filters[0]);
  });
});
