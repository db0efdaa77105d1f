import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { dataDirLayout } from '../../../apps/api/src/infra/data-dir.js';
import type { TestApp } from './test-app.js';

/** The text parts of a delivered .eml, decoded (base64 or quoted-printable), joined. */
export function emlText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
        const joined = body.replace(/=\r?\n/g, '');
        return Buffer.from(
          joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8');
      }
      return body;
    })
    .join('\n');
}

/** The newest email to `to` with `subject`, as the mail worker delivered it (the stored row holds no token). */
export async function deliveredMail(t: TestApp, to: string, subject: string): Promise<string> {
  const newest = () =>
    t.db
      .selectFrom('outbox')
      .select(['id'])
      .where('recipient', '=', to)
      .where('subject', '=', subject)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  await expect.poll(newest).toBeTruthy();
  const mail = (await newest())!;
  await t.app.outbox.runOnce();
  return emlText(fs.readFileSync(path.join(dataDirLayout(t.dataDir).outbox, `${mail.id}.eml`), 'utf8'));
}

/** The token of the newest document-request link in a delivered email's text (after `/documents#`). */
export function documentTokenIn(text: string): string {
  const token = /\/documents#([\w-]{43})/.exec(text)?.[1];
  expect(token).toBeTruthy();
  return token!;
}
