import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { onFirstUse } from '../lib/on-first-use.js';
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

/** The folder mailer's file of one message. */
const mailFileName = (id: string) => `${id}.eml`;

const messageIdFor = (id: string) => `<${id}@visa-desk>`;

/** nodemailer, loaded when the first message goes (ADR 0074). */
const loadNodemailer = onFirstUse(async () => (await import('nodemailer')).default);

export function createSmtpMailer(url: string, from: string): Mailer {
  let made: Transporter | undefined;
  const transport = onFirstUse(async () => (made = (await loadNodemailer()).createTransport({ url, ...SMTP_TIMEOUTS }, { from })));
  return {
    kind: 'smtp',
    async send(email) {
      await (
        await transport()
      ).sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        messageId: messageIdFor(email.id),
      });
    },
    close() {
      made?.close();
    },
  };
}

/**
 * Without SMTP_URL each message is written as a complete RFC 5322 file (`<id>.eml`, openable in
 * any mail client) to a folder, so nothing is lost and an operator can forward them later.
 * Written to a temp name then renamed, so a reader never sees half a message.
 */
export function createFolderMailer(folder: string, from: string): Mailer {
  let made: Transporter | undefined;
  const composer = onFirstUse(
    async () => (made = (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from })),
  );
  return {
    kind: 'folder',
    async send(email) {
      const info = await (
        await composer()
      ).sendMail({
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
      await fsp.rename(temp, path.join(folder, mailFileName(email.id)));
    },
    close() {
      made?.close();
    },
  };
}

/** A message the folder mailer was writing when its process stopped: the name it gives a temp file. */
const FOLDER_TEMP = /^\.[0-9a-f]{16}\.tmp$/;

/**
 * Deletes the folder mailer's messages (and temp files left by a stopped process) last written
 * before `before`: they hold whatever the messages said, forgot-password links included, so they
 * are kept no longer than the outbox keeps its rows. Only regular files of the mailer's own names
 * are touched; a missing folder has nothing to delete.
 */
export async function deleteMailFilesBefore(folder: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml') && !FOLDER_TEMP.test(name)) continue;
    const file = path.join(folder, name);
    const stat = await fsp.lstat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= before.getTime()) continue;
    await fsp.rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}

/** Deletes the folder mailer's files of these messages, wherever they are: an erased applicant's (ADR 0064). */
export async function deleteMailFiles(folder: string, ids: string[]): Promise<void> {
  for (const id of ids) if (/^[\w-]+$/.test(id)) await fsp.rm(path.join(folder, mailFileName(id)), { force: true });
}

/** The ids of the messages the folder holds a file of; a missing folder holds none. */
export async function listMailFileIds(folder: string): Promise<string[]> {
  try {
    return (await fsp.readdir(folder)).flatMap((name) => (/^[\w-]+\.eml$/.test(name) ? [name.slice(0, -'.eml'.length)] : []));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

export function createMailer(config: Config): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM)
    : createFolderMailer(dataDirLayout(config.dataDir).outbox, config.MAIL_FROM);
}
