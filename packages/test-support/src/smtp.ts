import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.js';

/** A message as a real SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Decoded Subject header. */
  subject: string;
  messageId: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived in total. */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
};

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), enough for the subjects we send. */
export function decodeMimeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) => {
    if (enc.toLowerCase() === 'b') return Buffer.from(text, 'base64').toString('utf8');
    const bytes = text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

/**
 * A real SMTP server (the smtp-server package) on a given or free local port, plain text, no auth.
 * With `hold`, each message is only acknowledged once that promise settles (a slow server).
 */
export async function startSmtpServer(
  port?: number,
  options: { hold?: Promise<void>; onMessageStart?: () => void } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: (mails: ReceivedMail[]) => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      options.onMessageStart?.();
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({
          from,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeMimeWords(header(raw, 'Subject')),
          messageId: header(raw, 'Message-ID'),
        });
        for (const w of waiters.filter((w) => received.length >= w.count)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve([...received]);
        }
        void (options.hold ?? Promise.resolve()).then(() => callback());
      });
    },
  });
  const chosen = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(chosen, '127.0.0.1', () => resolve());
  });
  return {
    port: chosen,
    url: `smtp://127.0.0.1:${chosen}`,
    received,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
