import os from 'node:os';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '@visa/shared/constants';
import { GRACE_DAYS_MAX } from '@visa/shared/document-requests';
import { SESSION_ABSOLUTE_HOURS_DEFAULT, SESSION_IDLE_MINUTES_DEFAULT } from '@visa/shared/session-rules';
import { dataDirLayout } from './infra/data-dir.js';
import { type PasswordProblem, passwordProblem } from './lib/password-policy.js';
import { textMessageConfigProblem } from './infra/text-providers/config.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const count = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number between ${min} and ${max}` })
    .int(`must be a whole number between ${min} and ${max}`)
    .min(min, `must be a whole number between ${min} and ${max}`)
    .max(max, `must be a whole number between ${min} and ${max}`);

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** proxy-addr's names for whole ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/** The highest number of proxy hops taken: no real chain of proxies in front of one app is longer. */
const MAX_PROXY_HOPS = 10;

const ipv4Number = (address: string) => address.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);

const ipv6Number = (address: string) => {
  let text = address.split('%')[0]!;
  const last = text.slice(text.lastIndexOf(':') + 1);
  if (last.includes('.')) {
    const v4 = ipv4Number(last);
    text = `${text.slice(0, text.length - last.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const first = head ? head.split(':') : [];
  const rest = tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array<string>(8 - first.length - rest.length).fill('0'), ...rest];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
};

/** Where IPv4 addresses sit among IPv6 ones (::ffff:0:0/96): proxy-addr matches either form against either kind of range. */
const MAPPED_V4 = 0xffff00000000n;
const V4_SPAN = 1n << 32n;
const V6_SPAN = 1n << 128n;

/** Whether the ranges leave no gap between 0 and `span`. */
const coversAll = (ranges: [bigint, bigint][], span: bigint) => {
  let next = 0n;
  for (const [start, end] of [...ranges].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
    if (start > next) return false;
    if (end > next) next = end;
  }
  return next >= span;
};

/**
 * Whether a list of proxies trusts every client: `0.0.0.0/0`, `::/0`, `::ffff:0:0/96` (every IPv4
 * client in its IPv6 spelling) or any ranges that add up to one of those. Each range is
 * `[start, end)`, IPv4 ranges also counted in their IPv6 spelling and the other way round.
 */
const trustsEveryAddress = (entries: string[]) => {
  const v4: [bigint, bigint][] = [];
  const v6: [bigint, bigint][] = [];
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix] = entry.split('/');
    const bits = isIP(address) === 4 ? 32 : 128;
    const size = 1n << BigInt(bits - (prefix === undefined ? bits : Number(prefix)));
    const base = bits === 32 ? ipv4Number(address) : ipv6Number(address);
    const start = base - (base % size);
    const range: [bigint, bigint] = [start, start + size];
    if (bits === 32) {
      v4.push(range);
      v6.push([MAPPED_V4 + range[0], MAPPED_V4 + range[1]]);
    } else {
      v6.push(range);
      const low = range[0] > MAPPED_V4 ? range[0] : MAPPED_V4;
      const high = range[1] < MAPPED_V4 + V4_SPAN ? range[1] : MAPPED_V4 + V4_SPAN;
      if (low < high) v4.push([low - MAPPED_V4, high - MAPPED_V4]);
    }
  }
  return coversAll(v4, V4_SPAN) || coversAll(v6, V6_SPAN);
};

/**
 * Whose word to take for the client's address (ADR 0016): off, a number of proxy hops in front of
 * the app, or the proxies' addresses. `true` would trust every X-Forwarded-For a client writes, so
 * each request could claim a new address and no per-address limit would hold.
 */
const trustProxy = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === 'off') return false;
  if (value === 'true' || value === 'yes' || value === 'on') {
    ctx.addIssue({
      code: 'custom',
      message:
        'must not be true: any client could then forge its address in X-Forwarded-For; give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number of proxy hops between 0 and ${MAX_PROXY_HOPS}, or proxy addresses`,
      });
      return z.NEVER;
    }
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  if (entries.some((e) => !isProxyAddress(e))) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be false, a number of proxy hops, or a comma-separated list of proxy IP addresses or CIDR ranges (e.g. 10.0.0.0/8,::1)',
    });
    return z.NEVER;
  }
  if (trustsEveryAddress(entries)) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must not trust every address (such as 0.0.0.0/0 or ::/0): any client could then forge its address in X-Forwarded-For; give only the ranges your proxies are in (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  return entries;
});

/** false: the socket's address is the client's; a number: that many proxies; a list: the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** Every setting the process reads, validated once at start-up (ADR 0003). */
const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded SQLite database)')
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
  ADMIN_EMAIL: z.email('must be an email address').optional(),
  // Judged by the password rule after parsing, against ADMIN_EMAIL (ADR 0017).
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_NAME: z.string().min(1).default('Super Admin'),
  APP_TIMEZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Asia/Dhaka').default('Asia/Dhaka'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Visa Desk <no-reply@localhost>'),
  STORAGE_DRIVER: z.enum(['local', 's3'], 'must be local or s3').default('local'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url('must be a URL').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  PUBLIC_URL: z.url('must be a URL such as https://visa.example.com').optional(),
  TRUST_PROXY: trustProxy.default(false),
  // IPv6 clients count by this prefix in every per-address limit (ADR 0038): one subscriber holds a whole /64.
  RATE_LIMIT_IPV6_PREFIX: count(32, 128).default(64),
  COOKIE_SECURE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Server processes on this machine: a whole number, or auto for one per core (ADR 0022).
  WORKERS: z
    .string()
    .default('1')
    .transform((raw, ctx) => {
      if (raw === 'auto') return Math.max(1, os.availableParallelism());
      if (/^\d{1,2}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 64) return Number(raw);
      ctx.addIssue({ code: 'custom', message: 'must be auto or a whole number between 1 and 64' });
      return z.NEVER;
    }),
  // Staff sessions (ADR 0018): the idle limit in minutes, above the one-minute warning, and the
  // absolute limit in hours from sign-in.
  SESSION_IDLE_MINUTES: count(2, 1440).default(SESSION_IDLE_MINUTES_DEFAULT),
  SESSION_ABSOLUTE_HOURS: count(1, 720).default(SESSION_ABSOLUTE_HOURS_DEFAULT),
  // The longest any bearer link may work, in days from today, a document request's grace days
  // included (ADR 0065). At least one day past the longest grace period, so a request due today can always be sent.
  LINK_MAX_DAYS: count(GRACE_DAYS_MAX + 1, 365).default(180),
  // Operations: scheduled jobs, backups and retention (README.md#operations, ADR 0015).
  SCHEDULED_JOBS: bool.default(true),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY_HOURS: count(0, 8760).default(24),
  BACKUP_KEEP: count(1, 1000).default(7),
  AUDIT_RETENTION_DAYS: count(1, 36500).default(730),
  MAIL_RETENTION_DAYS: count(1, 36500).default(90),
  // Client addresses of staff sessions and in audit entries are dropped after this many days (ADR 0052).
  CLIENT_ADDRESS_RETENTION_DAYS: count(1, 36500).default(90),
  // The import's files step fetches only from public addresses unless this allows private and
  // loopback ones too (ADR 0042).
  IMPORT_ALLOW_PRIVATE_HOSTS: bool.default(false),
  // Status messages by SMS and WhatsApp (ADR 0044, docs/notices.md): a channel without its
  // provider's settings is unavailable; the pairs that go together are checked by textMessageConfigProblem.
  SMS_PROVIDER: z.enum(['http', 'twilio'], 'must be http or twilio (leave it unset for no SMS)').optional(),
  SMS_HTTP_URL: z.url('must be a URL').optional(),
  SMS_HTTP_METHOD: z.enum(['GET', 'POST'], 'must be GET or POST').default('POST'),
  SMS_HTTP_PARAMS: z.string().optional(),
  SMS_HTTP_FAILURE: z.string().optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hexadecimal digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_URL: z.url('must be a URL').default('https://api.twilio.com'),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'must be the numeric phone number id')
    .optional(),
  WHATSAPP_API_URL: z.url('must be a URL').default('https://graph.facebook.com/v21.0'),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  NOTIFY_SETTLE_MINUTES: count(0, 1440).default(5),
  // SSLCommerz (ADR 0089): off until the store's ID and password are both set; the live address by default.
  SSLCOMMERZ_STORE_ID: z.string().optional(),
  SSLCOMMERZ_STORE_PASSWORD: z.string().optional(),
  SSLCOMMERZ_API_URL: z.url('must be a URL').default('https://securepay.sslcommerz.com'),
  SSLCOMMERZ_TIMEOUT_MS: count(100, 120_000).default(30_000),
  // The readiness probe (ADR 0068): DATA_DIR's disk is "low" under this much free space, and the
  // mail or text-message outbox "behind" when a message has waited or kept failing this long.
  READY_DISK_MIN_FREE_MB: count(0, 10_000_000).default(1024),
  READY_OUTBOX_LATE_MINUTES: count(1, 10_080).default(15),
  // bKash's tokenized checkout (ADR 0090): off unless its four credentials are all set.
  BKASH_APP_KEY: z.string().optional(),
  BKASH_APP_SECRET: z.string().optional(),
  BKASH_USERNAME: z.string().optional(),
  BKASH_PASSWORD: z.string().optional(),
  BKASH_API_URL: z.url('must be a URL').default('https://tokenized.pay.bka.sh/v1.2.0-beta'),
});

type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  /** Absolute DATA_DIR. */
  dataDir: string;
  /** Absolute BACKUP_DIR (default DATA_DIR/backups). */
  backupDir: string;
  publicUrl: string;
  cookieSecure: boolean;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
}

export class ConfigError extends Error {}

/** Why the owner's password is refused, in the words of the other settings' messages; never the value. */
const ADMIN_PASSWORD_REASONS: Record<PasswordProblem, string> = {
  tooShort: `must be at least ${PASSWORD_MIN} characters long`,
  tooLong: `must be at most ${PASSWORD_MAX} characters long`,
  containsEmailName: 'must not contain the part of ADMIN_EMAIL before the @',
  common: 'is on the list of common or leaked passwords; choose another',
};

/** Reads the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = cleaned[name];
    const shown =
      name.includes('SECRET') || name.includes('PASSWORD') || name.includes('TOKEN') ? '' : got === undefined ? '' : ` (got "${got}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3');
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  const adminPasswordProblem = e.ADMIN_PASSWORD !== undefined && passwordProblem(e.ADMIN_PASSWORD, e.ADMIN_EMAIL ?? '');
  if (adminPasswordProblem) {
    throw new ConfigError(`Invalid configuration: ADMIN_PASSWORD ${ADMIN_PASSWORD_REASONS[adminPasswordProblem]}`);
  }
  if ((e.SSLCOMMERZ_STORE_ID === undefined) !== (e.SSLCOMMERZ_STORE_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD must be set together');
  }
  const textMessageProblem = textMessageConfigProblem(e);
  if (textMessageProblem) throw new ConfigError(`Invalid configuration: ${textMessageProblem}`);
  const bkashSet = [e.BKASH_APP_KEY, e.BKASH_APP_SECRET, e.BKASH_USERNAME, e.BKASH_PASSWORD].filter((v) => v !== undefined).length;
  if (bkashSet !== 0 && bkashSet !== 4) {
    throw new ConfigError('Invalid configuration: BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME and BKASH_PASSWORD must be set together');
  }
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const layout = dataDirLayout(dataDir);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    ...e,
    dataDir,
    backupDir: e.BACKUP_DIR ? path.resolve(cwd, e.BACKUP_DIR) : layout.backups,
    publicUrl,
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'sqlite', file: layout.database },
  };
}

/**
 * The settings for an operator's command: on a bad setting, its one line goes to `io.err` and the
 * answer is null (the command then exits 1), as at start-up.
 */
export function loadConfigForCommand(io: { env: NodeJS.ProcessEnv; cwd: string; err: (text: string) => void }): Config | null {
  try {
    return loadConfig(io.env, io.cwd);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(`${err.message}\n`);
    return null;
  }
}
