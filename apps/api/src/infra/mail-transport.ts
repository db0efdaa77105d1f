import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import { dataDirLayout } from './data-dir.js';

interface OutgoingEmail {
  /** The outbox row id: it becomes the Message-ID, so a retried message can be recognised as the same one. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export interface Mailer {
  /** Where messages go, for logs and the staff view: 'smtp' or 'folder'. */
  readonly kind: 'smtp' | 'folder';
  /** Resolves once the message is accepted by the SMTP server or written to the folder; throws otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * An unreachable SMTP server must fail an attempt quickly so the worker moves on and retries
 * later, instead of holding a claimed message for nodemailer's two-minute default.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const messageIdFor = (id: string) => `<${id}@visa-desk>`;

export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        messageId: messageIdFor(email.id),
      });
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP_URL each message is written as a complete RFC 5322 file (`<id>.eml`, openable in
 * any mail client) to a folder, so nothing is lost and an operator can forward them later.
 * Written to a temp name then renamed, so a reader never sees half a message.
 */
export function createFolderMailer(folder: string, from: string): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    kind: 'folder',
    async send(email) {
      const info = await composer.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        messageId: messageIdFor(email.id),
      });
      const bytes = info.message;
      if (!Buffer.isBuffer(bytes)) throw new Error('mail composer did not return a buffer');
      await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
      const temp = path.join(folder, `.${randomBytes(8).toString('hex')}.tmp`);
      await fsp.writeFile(temp, bytes, { mode: 0o600 });
      await fsp.rename(temp, path.join(folder, `${email.id}.eml`));
    },
    close() {
      composer.close();
    },
  };
}

export function createMailer(config: Config): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createFolderMailer(dataDirLayout(config.dataDir).outbox, config.MAIL_FROM);
}
