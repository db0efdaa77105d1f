import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { freePort } from './ports.js';

/**
 * bKash's tokenized checkout (v1.2.0-beta) on loopback, speaking its real paths, headers and answers:
 * `POST /v1.2.0-beta/tokenized/checkout/token/grant` and `/token/refresh` (username and password
 * headers, app key and secret in the body), and with a grant token in `Authorization` and the app
 * key in `X-App-Key`: `/create`, `/execute`, `/payment/status` and `/payment/refund`. A lapsed grant
 * token is refused 401, as bKash's gateway does. `authorise` stands for the payer entering their
 * wallet number, code and PIN on bKash's page. The switches in `failures` make it misbehave.
 */

export const FAKE_BKASH = {
  appKey: 'fake-bkash-app-key',
  appSecret: 'fake-bkash-app-secret-0123456789',
  username: 'fakeTokenizedUser',
  password: 'fake-bkash-password',
} as const;

interface FakePayment {
  paymentID: string;
  amount: string;
  invoice: string;
  payerReference: string;
  callbackURL: string;
  state: 'Initiated' | 'Completed' | 'Cancelled';
  authorised: boolean;
  trxID: string | null;
  refunded: number;
  /** The refunds made, newest last, as the refund status tells the newest. */
  refunds: { refundTrxID: string; amount: string }[];
}

export interface BkashFake {
  /** The base URL, as BKASH_API_URL. */
  url: string;
  /** The app's BKASH_* settings for this fake. */
  env: Record<string, string>;
  counts: { grant: number; refresh: number; create: number; execute: number; query: number; refund: number };
  failures: {
    /** Execute moves the money but never answers. */
    executeHangs: boolean;
    /** Execute answers this bKash error code (and moves nothing). */
    executeError: string | null;
    /** Execute completes a different amount from the one created. */
    wrongAmount: boolean;
    /** Status queries are refused 429. */
    queryTooMany: boolean;
    /** The refund call's connection drops: after bKash made the refund ('made') or before ('lost'). */
    refundSilent: false | 'made' | 'lost';
  };
  /** Every grant token issued so far lapses: the next call with one is refused 401. */
  expireTokens(): void;
  /** The payer authorises the payment on bKash's page. */
  authorise(paymentID: string): void;
  payment(paymentID: string): FakePayment | undefined;
  /** Where bKash sends the payer back: the callback's path and query, as the app receives it. */
  callbackPath(paymentID: string, status: 'success' | 'failure' | 'cancel'): string;
  /** The Authorization headers every call (but the token calls) carried. */
  authorizations: string[];
  close(): Promise<void>;
}

const BASE = '/v1.2.0-beta/tokenized/checkout';

export async function startBkashFake(): Promise<BkashFake> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/v1.2.0-beta`;
  const payments = new Map<string, FakePayment>();
  const live = new Set<string>();
  const refreshTokens = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  const id = (prefix: string, n = 12) => `${prefix}${randomBytes(n).toString('hex').toUpperCase().slice(0, n)}`;

  const fake: BkashFake = {
    url,
    env: {
      BKASH_APP_KEY: FAKE_BKASH.appKey,
      BKASH_APP_SECRET: FAKE_BKASH.appSecret,
      BKASH_USERNAME: FAKE_BKASH.username,
      BKASH_PASSWORD: FAKE_BKASH.password,
      BKASH_API_URL: url,
    },
    counts: { grant: 0, refresh: 0, create: 0, execute: 0, query: 0, refund: 0 },
    failures: { executeHangs: false, executeError: null, wrongAmount: false, queryTooMany: false, refundSilent: false },
    expireTokens: () => live.clear(),
    authorise: (paymentID) => {
      payments.get(paymentID)!.authorised = true;
    },
    payment: (paymentID) => payments.get(paymentID),
    callbackPath: (paymentID, status) => {
      const callback = new URL(payments.get(paymentID)!.callbackURL);
      return `${callback.pathname}?paymentID=${paymentID}&status=${status}&signature=${id('', 10)}&apiVersion=1.2.0-beta`;
    },
    authorizations: [],
    close: async () => undefined,
  };

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, statusCode: string, statusMessage: string) => answer(res, 200, { statusCode, statusMessage });
  const minor = (amount: string) => Math.round(Number(amount) * 100);
  const issue = (refreshToken: string) => {
    const idToken = id('eyJ', 40);
    live.add(idToken);
    refreshTokens.add(refreshToken);
    return {
      statusCode: '0000',
      statusMessage: 'Successful',
      id_token: idToken,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: refreshToken,
    };
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, body: Record<string, string>) => {
    const path = (req.url ?? '').replace(/\?.*$/, '');
    if (req.method !== 'POST' || !path.startsWith(BASE)) return answer(res, 404, { message: 'Not Found' });
    const op = path.slice(BASE.length);
    if (op === '/token/grant' || op === '/token/refresh') {
      const known = req.headers.username === FAKE_BKASH.username && req.headers.password === FAKE_BKASH.password;
      if (!known || body.app_key !== FAKE_BKASH.appKey || body.app_secret !== FAKE_BKASH.appSecret) {
        return refuse(res, '2079', 'Invalid username or password');
      }
      if (op === '/token/grant') {
        fake.counts.grant += 1;
        return answer(res, 200, issue(id('rft', 40)));
      }
      fake.counts.refresh += 1;
      if (!refreshTokens.has(body.refresh_token ?? '')) return refuse(res, '2079', 'Invalid refresh token');
      return answer(res, 200, issue(body.refresh_token!));
    }
    const token = String(req.headers.authorization ?? '');
    fake.authorizations.push(token);
    if (!live.has(token)) return answer(res, 401, { message: 'The incoming token has expired' });
    if (req.headers['x-app-key'] !== FAKE_BKASH.appKey) return answer(res, 403, { message: 'Forbidden' });

    if (op === '/create') {
      fake.counts.create += 1;
      const valid =
        body.mode === '0011' &&
        /^\d+(\.\d{1,2})?$/.test(body.amount ?? '') &&
        body.currency === 'BDT' &&
        body.intent === 'sale' &&
        body.merchantInvoiceNumber &&
        body.callbackURL?.startsWith('http');
      if (!valid) return refuse(res, '2065', 'Mandatory field missing');
      const paymentID = id('TR0011', 20);
      const created: FakePayment = {
        paymentID,
        amount: body.amount!,
        invoice: body.merchantInvoiceNumber!,
        payerReference: body.payerReference ?? '',
        callbackURL: body.callbackURL!,
        state: 'Initiated',
        authorised: false,
        trxID: null,
        refunded: 0,
        refunds: [],
      };
      payments.set(paymentID, created);
      return answer(res, 200, {
        statusCode: '0000',
        statusMessage: 'Successful',
        paymentID,
        bkashURL: `${url}/checkout/payment?paymentId=${paymentID}`,
        callbackURL: created.callbackURL,
        successCallbackURL: `${created.callbackURL}?paymentID=${paymentID}&status=success`,
        failureCallbackURL: `${created.callbackURL}?paymentID=${paymentID}&status=failure`,
        cancelledCallbackURL: `${created.callbackURL}?paymentID=${paymentID}&status=cancel`,
        amount: created.amount,
        intent: 'sale',
        currency: 'BDT',
        paymentCreateTime: new Date().toISOString(),
        transactionStatus: 'Initiated',
        merchantInvoiceNumber: created.invoice,
      });
    }
    const payment = payments.get(body.paymentID ?? '');
    if (op === '/execute') {
      fake.counts.execute += 1;
      if (!payment) return refuse(res, '2056', 'Invalid Payment State');
      if (payment.state === 'Completed') return refuse(res, '2062', 'The payment has already been completed');
      if (!payment.authorised) return refuse(res, '2056', 'Invalid Payment State');
      if (fake.failures.executeError) return refuse(res, fake.failures.executeError, 'Insufficient Balance');
      payment.state = 'Completed';
      payment.trxID = id('', 10);
      if (fake.failures.wrongAmount) payment.amount = (Number(payment.amount) - 1).toFixed(2);
      if (fake.failures.executeHangs) return void hanging.add(res);
      return answer(res, 200, {
        statusCode: '0000',
        statusMessage: 'Successful',
        ...completedView(payment),
        customerMsisdn: '01770618575',
      });
    }
    if (op === '/payment/status') {
      fake.counts.query += 1;
      if (fake.failures.queryTooMany) return answer(res, 429, { message: 'Too Many Requests' });
      if (!payment) return refuse(res, '2056', 'Invalid Payment State');
      return answer(res, 200, {
        statusCode: '0000',
        statusMessage: 'Successful',
        ...completedView(payment),
        mode: '0011',
        payerReference: payment.payerReference,
        verificationStatus: payment.authorised ? 'Complete' : 'Incomplete',
        userVerificationStatus: payment.authorised ? 'Complete' : 'Incomplete',
      });
    }
    if (op === '/payment/refund') {
      fake.counts.refund += 1;
      if (!payment || payment.state !== 'Completed' || payment.trxID !== body.trxID) return refuse(res, '2068', 'Transaction not found');
      if (fake.failures.refundSilent === 'lost' && body.amount !== undefined) return void res.destroy();
      if (body.amount === undefined) {
        // The refund status: the newest refund of the payment, or bKash's "no refund" error.
        const last = payment.refunds.at(-1);
        if (!last) return refuse(res, '2068', 'Refund not found');
        return answer(res, 200, { ...refundView(payment, last), statusCode: '0000', statusMessage: 'Successful' });
      }
      const asked = minor(body.amount ?? '0');
      if (!/^\d+(\.\d{1,2})?$/.test(body.amount ?? '') || asked <= 0) return refuse(res, '2069', 'Invalid refund amount');
      if (payment.refunded + asked > minor(payment.amount)) return refuse(res, '2071', 'Refund amount exceeds the transaction amount');
      payment.refunded += asked;
      const made = { refundTrxID: id('', 10), amount: body.amount! };
      payment.refunds.push(made);
      if (fake.failures.refundSilent) return void res.destroy();
      return answer(res, 200, { statusCode: '0000', statusMessage: 'Successful', ...refundView(payment, made) });
    }
    return answer(res, 404, { message: 'Not Found' });
  };

  const refundView = (payment: FakePayment, refund: { refundTrxID: string; amount: string }) => ({
    completedTime: new Date().toISOString(),
    transactionStatus: 'Completed',
    originalTrxID: payment.trxID,
    refundTrxID: refund.refundTrxID,
    amount: refund.amount,
    currency: 'BDT',
    charge: '0.00',
  });

  const completedView = (payment: FakePayment) => ({
    paymentID: payment.paymentID,
    ...(payment.trxID ? { trxID: payment.trxID, paymentExecuteTime: new Date().toISOString() } : {}),
    transactionStatus: payment.state,
    amount: payment.amount,
    currency: 'BDT',
    intent: 'sale',
    merchantInvoiceNumber: payment.invoice,
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, string>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
      } catch {
        return answer(res, 400, { message: 'Bad Request' });
      }
      handle(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
