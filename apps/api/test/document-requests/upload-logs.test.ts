import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { appForFile, loggingTwin, staffForFile } from '@visa/test-support/file-app';
import { jpeg } from '@visa/test-support/images';
import { TUS, tusClient } from './tus-client.js';

/**
 * An upload's id is a secret (ADR 0063): its address opens nothing without the link's token, but it
 * stays out of the logs all the same. A second app on the same database and data folder logs at
 * the most verbose level into an array while an upload is begun, sent, finished, and its address
 * tried with every extra a client could add; no line may hold the id or the token.
 */

const clock = new Date('2026-11-20T08:00:00.000Z');
const t = appForFile({}, { now: () => clock });
const staff = staffForFile(t, 'admin');
const { newLink } = tusClient(t, staff);

let logged: FastifyInstance | null = null;
afterAll(() => logged?.close());

describe('the logs of uploads by link', () => {
  it('never hold an upload id or the link’s token, whatever address was asked for', async () => {
    const lines: string[] = [];
    logged = await loggingTwin(t, lines, () => clock);
    const base = await logged.listen({ port: 0, host: '127.0.0.1' });
    const link = await newLink(['passport']);
    const file = await jpeg();
    const auth = { ...TUS, 'x-document-token': link.token };
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'upload-length': String(file.length),
        'upload-metadata': `item ${Buffer.from(link.items[0]!.id).toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = path.basename(location);

    const patching = { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
    const asked = [
      await fetch(`${base}${location}/extra`, { method: 'PATCH', headers: patching, body: new Uint8Array(10) }),
      await fetch(`${base}${location}?x=/${id}`, { method: 'HEAD', headers: auth }),
      await fetch(`${base}${location}`, { method: 'GET', headers: auth }),
      await fetch(`${base}${location}/`, { method: 'DELETE', headers: auth }),
      await fetch(`${base}/api/uploads/${id}%2F${id}`, { method: 'HEAD', headers: auth }),
    ];
    for (const answer of asked) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${base}${location}`, { method: 'HEAD', headers: auth })).status).toBe(200);
    expect((await fetch(`${base}${location}`, { method: 'PATCH', headers: patching, body: new Uint8Array(file) })).status).toBe(204);

    // The requests were logged (by route or path), so the check below looked at real lines.
    expect(lines.some((line) => line.includes('/api/uploads'))).toBe(true);
    const leaking = lines.filter((line) => line.includes(id) || line.includes(link.token));
    expect(leaking).toEqual([]);
  });
});
