import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '../../../apps/api/src/db/connection.js';
import { dataDirLayout } from '../../../apps/api/src/infra/data-dir.js';
import { newId } from '../../../apps/api/src/lib/ids.js';
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

/**
 * Files waiting for review on an application, as an applicant's uploads leave them (ADR 0069): a
 * request of `sentBy` with `received` items received and one still to send. For tests of the list,
 * the dashboard and the badge, which read only the items' states; the upload itself has its own tests.
 */
export async function filesWaiting(db: Db, applicationId: string, received: number, sentBy: string | null = null): Promise<void> {
  const at = new Date().toISOString();
  const requestId = newId();
  await db
    .insertInto('document_requests')
    .values({
      id: requestId,
      application_id: applicationId,
      token_hash: randomBytes(32).toString('hex'),
      due_date: at.slice(0, 10),
      expires_at: at,
      created_by: sentBy,
      created_at: at,
      ended_at: null,
      end_reason: null,
    })
    .execute();
  await db
    .insertInto('document_request_items')
    .values(
      Array.from({ length: received + 1 }, (_, position) => ({
        id: newId(),
        request_id: requestId,
        position,
        label_en: `Item ${position + 1}`,
        label_bn: `Item ${position + 1}`,
        required: 1,
        types: '["application/pdf"]',
        max_bytes: 1_000_000,
        state: position < received ? ('received' as const) : ('to_send' as const),
        reason: null,
        storage_key: null,
        content_type: null,
        size: null,
        received_at: position < received ? at : null,
        updated_at: at,
      })),
    )
    .execute();
}
