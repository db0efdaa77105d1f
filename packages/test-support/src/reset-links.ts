import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { PASSWORD_RESET } from '@visa/shared/users';
import { dataDirLayout } from '../../../apps/api/src/infra/data-dir.js';
import type { TestApp } from './test-app.js';

/**
 * The link of the newest reset email to `to`, as the mail worker delivered it. The stored row holds
 * no token, so the link is read from the message as sent: an .eml file in the mail folder.
 */
export async function resetLinkSentTo(t: TestApp, to: string): Promise<string> {
  const newest = () =>
    t.db
      .selectFrom('outbox')
      .select(['id', 'subject'])
      .where('recipient', '=', to)
      // Other emails to the holder (two-step sign-in turned on, …) may be queued within the same
      // millisecond, and ids do not order within one: only a reset email is looked at.
      .where('subject', '=', PASSWORD_RESET.emailSubject)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  await expect.poll(newest).toBeTruthy();
  const mail = (await newest())!;
  await t.app.outbox.runOnce();
  return resetLinkIn(fs.readFileSync(path.join(dataDirLayout(t.dataDir).outbox, `${mail.id}.eml`), 'utf8'));
}

/** The reset link in a delivered message's raw text (quoted-printable: soft line breaks joined, '=' written as =3D). */
export function resetLinkIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /(http\S+\/reset-password#token=[\w-]+)/.exec(text)?.[1];
  expect(link).toBeTruthy();
  return link!;
}

/** The token a reset link carries after its `#`. */
export const resetTokenOf = (link: string) => new URL(link).hash.replace('#token=', '');
