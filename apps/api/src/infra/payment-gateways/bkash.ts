import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';

/**
 * bKash's tokenized checkout, v1.2.0-beta (ADR 0090), spoken with plain fetch: bKash publishes no
 * npm package of its own, and the community ones ask for a grant token on every call. Every call
 * carries the grant token (`Authorization`, no "Bearer") and the app key (`X-App-Key`); the grant
 * token lives an hour and is renewed with the refresh token (four weeks), both kept in a store all
 * workers share. Nothing here logs: the app secret, the password and both tokens stay inside.
 */

export interface BkashCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  baseUrl: string;
}

/** bKash's settings, or null when the gateway is off. */
export function bkashCredentialsOf(config: Config): BkashCredentials | null {
  const { BKASH_APP_KEY: appKey, BKASH_APP_SECRET: appSecret, BKASH_USERNAME: username, BKASH_PASSWORD: password } = config;
  if (!appKey || !appSecret || !username || !password) return null;
  return { appKey, appSecret, username, password, baseUrl: config.BKASH_API_URL.replace(/\/$/, '') };
}

/**
 * How long a call may take. Execute gets bKash's recommended 30 seconds before the payment's status
 * is asked instead; the tests shorten these rather than wait them out.
 */
export const BKASH_LIMITS = {
  executeTimeoutMs: 30_000,
  callTimeoutMs: 30_000,
  /** How long a worker renewing the tokens holds the others off, and how they wait for it. */
  leaseMs: 30_000,
  leasePollMs: 200,
};

/** The sealed tokens as the store keeps them. */
export interface SealedTokens {
  sealed: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** Where the tokens are kept for every worker and instance (the database). */
export interface TokenStore {
  read(): Promise<SealedTokens | null>;
  /** Takes the right to renew the tokens until `until`; false while another worker holds it. */
  lease(now: Date, until: Date): Promise<boolean>;
  /** Keeps renewed tokens and ends the lease. */
  write(tokens: SealedTokens, now: Date): Promise<void>;
  release(): Promise<void>;
  /** bKash refused this grant token before its time: the next call renews it. */
  expire(sealed: string): Promise<void>;
}

/** bKash's answer: its JSON when it gave one, or why there was none (time-out, network, 429, 5xx). */
export type BkashAnswer = { answered: true; body: Record<string, unknown> } | { answered: false; why: string };

/** A grant token is renewed this long before bKash says it ends, so no call carries one about to lapse. */
const ACCESS_MARGIN_MS = 5 * 60_000;
/** bKash keeps a refresh token for 28 days; renewing a day early keeps clear of the edge. */
const REFRESH_LIFE_MS = 27 * 86_400_000;

export const text = (body: Record<string, unknown>, key: string): string | null => {
  const value = body[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
};

/** The status code of an answer: `statusCode` on the tokenized API, `errorCode` on older answers. */
export const statusOf = (body: Record<string, unknown>) => text(body, 'statusCode') ?? text(body, 'errorCode');
export const wordsOf = (body: Record<string, unknown>) =>
  (text(body, 'statusMessage') ?? text(body, 'errorMessage') ?? text(body, 'message') ?? 'no reason given').slice(0, 200);

/** Paisa as bKash writes an amount: "1500.00". */
const takaText = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/** bKash's amount in paisa, read exactly; null for anything but a plain decimal. */
export function paisaOf(amount: string | null): number | null {
  const match = amount?.trim().match(/^(\d{1,12})(?:\.(\d{1,2}))?$/);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function keyOf(appSecret: string) {
  return createHash('sha256').update(`bkash-tokens:${appSecret}`).digest();
}

function seal(appSecret: string, tokens: { idToken: string; refreshToken: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function unseal(appSecret: string, sealed: string): { idToken: string; refreshToken: string } | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(json) as { idToken: string; refreshToken: string };
  } catch {
    // Sealed under another app secret: as if there were none.
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BkashClient {
  create(input: { amountMinor: number; invoice: string; payerReference: string; callbackURL: string }): Promise<BkashAnswer>;
  execute(paymentID: string): Promise<BkashAnswer>;
  query(paymentID: string): Promise<BkashAnswer>;
  refund(input: { paymentID: string; trxID: string; amountMinor: number; sku: string; reason: string }): Promise<BkashAnswer>;
  /** bKash's refund status: the refund API asked with the payment's ids and no amount. */
  refundStatus(input: { paymentID: string; trxID: string }): Promise<BkashAnswer>;
}

export function createBkashClient(creds: BkashCredentials, store: TokenStore, now: () => Date): BkashClient {
  const checkout = `${creds.baseUrl}/tokenized/checkout`;
  let renewing: Promise<{ idToken: string; sealed: string }> | null = null;

  async function post(path: string, headers: Record<string, string>, body: unknown, timeoutMs: number) {
    try {
      const response = await fetch(`${checkout}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const raw = await response.text();
      let json: unknown = null;
      try {
        json = JSON.parse(raw);
      } catch {
        json = null;
      }
      return { status: response.status, json: json && typeof json === 'object' ? (json as Record<string, unknown>) : null };
    } catch (err) {
      return { status: 0, json: null, why: (err as Error).name === 'TimeoutError' ? 'timed out' : 'network error' };
    }
  }

  /** Grants or refreshes, keeps the pair, and answers the grant token. */
  async function renew(refreshToken: string | null): Promise<{ idToken: string; sealed: string }> {
    const headers = { username: creds.username, password: creds.password };
    const secrets = { app_key: creds.appKey, app_secret: creds.appSecret };
    let answer = refreshToken
      ? await post('/token/refresh', headers, { ...secrets, refresh_token: refreshToken }, BKASH_LIMITS.callTimeoutMs)
      : null;
    if (!answer?.json || typeof answer.json.id_token !== 'string') {
      answer = await post('/token/grant', headers, secrets, BKASH_LIMITS.callTimeoutMs);
    }
    const body = answer.json;
    if (!body || typeof body.id_token !== 'string' || typeof body.refresh_token !== 'string') {
      await store.release();
      throw new Error(`bKash refused the token grant: ${body ? `${statusOf(body) ?? answer.status} ${wordsOf(body)}` : 'no answer'}`);
    }
    const at = now();
    const expiresIn = Number(body.expires_in) > 0 ? Number(body.expires_in) : 3600;
    const sealed = seal(creds.appSecret, { idToken: body.id_token, refreshToken: body.refresh_token });
    // A refresh answer names its own refresh token (the same one): its life runs from the first grant.
    const kept = refreshToken ? await store.read() : null;
    await store.write(
      {
        sealed,
        accessExpiresAt: new Date(at.getTime() + expiresIn * 1000),
        refreshExpiresAt: refreshToken && kept ? kept.refreshExpiresAt : new Date(at.getTime() + REFRESH_LIFE_MS),
      },
      at,
    );
    return { idToken: body.id_token, sealed };
  }

  async function freshToken(): Promise<{ idToken: string; sealed: string }> {
    for (let waited = 0; ; waited += BKASH_LIMITS.leasePollMs) {
      const at = now();
      const kept = await store.read();
      const open = kept && unseal(creds.appSecret, kept.sealed);
      if (kept && open && kept.accessExpiresAt.getTime() - ACCESS_MARGIN_MS > at.getTime())
        return { idToken: open.idToken, sealed: kept.sealed };
      const refresh = kept && open && kept.refreshExpiresAt.getTime() > at.getTime() ? open.refreshToken : null;
      // Another worker is renewing: its pair will be in the store shortly. Past the lease, renew regardless.
      if (waited < BKASH_LIMITS.leaseMs && !(await store.lease(at, new Date(at.getTime() + BKASH_LIMITS.leaseMs)))) {
        await sleep(BKASH_LIMITS.leasePollMs);
        continue;
      }
      return renew(refresh);
    }
  }

  /** The grant token to call with; this worker's concurrent callers share one renewal. */
  function token() {
    renewing ??= freshToken().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  async function call(path: string, body: unknown, timeoutMs = BKASH_LIMITS.callTimeoutMs): Promise<BkashAnswer> {
    for (let attempt = 0; ; attempt += 1) {
      let renewed: { idToken: string; sealed: string };
      try {
        renewed = await token();
      } catch {
        return { answered: false, why: 'no grant token' };
      }
      const { idToken, sealed } = renewed;
      const answer = await post(path, { authorization: idToken, 'x-app-key': creds.appKey }, body, timeoutMs);
      // bKash's gateway refuses a grant token that has lapsed with 401: renew once and call again.
      if (answer.status === 401 && attempt === 0) {
        await store.expire(sealed);
        continue;
      }
      if (answer.status === 0) return { answered: false, why: answer.why ?? 'no answer' };
      if (answer.status === 429 || answer.status >= 500 || !answer.json) return { answered: false, why: `HTTP ${answer.status}` };
      return { answered: true, body: answer.json };
    }
  }

  return {
    create: (input) =>
      call('/create', {
        mode: '0011',
        payerReference: input.payerReference,
        callbackURL: input.callbackURL,
        amount: takaText(input.amountMinor),
        currency: 'BDT',
        intent: 'sale',
        merchantInvoiceNumber: input.invoice,
      }),
    execute: (paymentID) => call('/execute', { paymentID }, BKASH_LIMITS.executeTimeoutMs),
    query: (paymentID) => call('/payment/status', { paymentID }),
    refund: (input) =>
      call('/payment/refund', {
        paymentID: input.paymentID,
        amount: takaText(input.amountMinor),
        trxID: input.trxID,
        sku: input.sku,
        reason: input.reason,
      }),
    refundStatus: (input) => call('/payment/refund', { paymentID: input.paymentID, trxID: input.trxID }),
  };
}
