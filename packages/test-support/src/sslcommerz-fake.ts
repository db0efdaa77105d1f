import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { freePort } from './ports.js';

/**
 * A fake SSLCommerz (API v4) on loopback, with state: the session API (`POST /gwprocess/v4/api.php`),
 * the validation API (`GET /validator/api/validationserverAPI.php`), and on
 * `/validator/api/merchantTransIDvalidationAPI.php` the transaction query (`tran_id`), the refund
 * (`bank_tran_id`, `refund_amount`) and the refund query (`refund_ref_id`). The test plays the
 * payer with pay/decline, which answer the form SSLCommerz would post to the return and IPN
 * addresses, signed as it signs (verify_sign over the fields verify_key names and the md5 of the
 * store password). Failure switches: slow answers, an empty validation answer, INVALID_TRANSACTION,
 * a wrong amount, a refused session, a refused refund.
 */

export const FAKE_STORE = { id: 'visatest0001', password: 'visatest0001@ssl' };

export interface FakeSession {
  tranId: string;
  /** The session form as received, store password and all. */
  form: URLSearchParams;
  amount: string;
  status: 'PENDING' | 'VALID' | 'VALIDATED' | 'FAILED' | 'CANCELLED';
  valId: string | null;
  bankTranId: string | null;
  refunds: { refundRefId: string; amount: string; refeId: string }[];
}

export interface SslcommerzFailures {
  /** Each answer waits this long first (beyond the client's time-out: a time-out). */
  slowMs: number;
  emptyValidation: boolean;
  invalidStatus: boolean;
  /** The validation API and the transaction query say one taka more than was paid. */
  wrongAmount: boolean;
  refuseSession: boolean;
  refuseRefund: boolean;
}

export interface SslcommerzFake {
  url: string;
  failures: SslcommerzFailures;
  sessions: Map<string, FakeSession>;
  /** How many times the validation API was asked. */
  validations: number;
  /** The payer pays the session: answers the signed form SSLCommerz posts to success_url and the IPN. */
  pay(tranId: string): Record<string, string>;
  /** The payer's payment fails or is cancelled: the signed form posted to fail_url / cancel_url and the IPN. */
  decline(tranId: string, status: 'FAILED' | 'CANCELLED'): Record<string, string>;
  reset(): void;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Signs a form as SSLCommerz does. */
export function signSslcommerzForm(fields: Record<string, string>, password = FAKE_STORE.password): Record<string, string> {
  const names = Object.keys(fields).sort();
  const signed = [...names.map((n) => [n, fields[n]!]), ['store_passwd', md5(password)]].sort(([a], [b]) => (a! < b! ? -1 : 1));
  return { ...fields, verify_key: names.join(','), verify_sign: md5(signed.map(([k, v]) => `${k}=${v}`).join('&')) };
}

const noFailures = (): SslcommerzFailures => ({
  slowMs: 0,
  emptyValidation: false,
  invalidStatus: false,
  wrongAmount: false,
  refuseSession: false,
  refuseRefund: false,
});

const REQUIRED = ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url', 'cus_name', 'cus_email', 'cus_phone'];
const id = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

export async function startSslcommerzFake(): Promise<SslcommerzFake> {
  const port = await freePort();
  const fake: SslcommerzFake = {
    url: `http://127.0.0.1:${port}`,
    failures: noFailures(),
    sessions: new Map(),
    validations: 0,
    pay: (tranId) => {
      const s = fake.sessions.get(tranId);
      if (!s) throw new Error(`no session ${tranId}`);
      s.status = 'VALID';
      s.valId = id('VAL');
      s.bankTranId = id('BANK');
      return postOf(s, 'VALID');
    },
    decline: (tranId, status) => {
      const s = fake.sessions.get(tranId);
      if (!s) throw new Error(`no session ${tranId}`);
      s.status = status;
      return postOf(s, status);
    },
    reset: () => {
      fake.failures = noFailures();
    },
    close: async () => undefined,
  };

  function postOf(s: FakeSession, status: string): Record<string, string> {
    return signSslcommerzForm({
      tran_id: s.tranId,
      val_id: s.valId ?? '',
      amount: s.amount,
      currency: 'BDT',
      store_amount: s.amount,
      bank_tran_id: s.bankTranId ?? '',
      card_type: 'VISA-Dutch Bangla',
      card_no: '432149XXXXXX0667',
      status,
      tran_date: '2027-01-12 10:00:00',
      risk_level: '0',
      risk_title: 'Safe',
      value_a: '',
    });
  }

  const paymentJson = (s: FakeSession) => ({
    status: s.status,
    tran_id: s.tranId,
    val_id: s.valId,
    amount: fake.failures.wrongAmount ? (Number(s.amount) + 1).toFixed(2) : s.amount,
    store_amount: s.amount,
    currency: 'BDT',
    currency_type: 'BDT',
    currency_amount: s.amount,
    bank_tran_id: s.bankTranId,
    card_type: 'VISA-Dutch Bangla',
    risk_level: '0',
    APIConnect: 'DONE',
  });

  const route = (method: string, url: URL, form: URLSearchParams): unknown => {
    const q = method === 'GET' ? url.searchParams : form;
    if (q.get('store_id') !== FAKE_STORE.id || q.get('store_passwd') !== FAKE_STORE.password) {
      return url.pathname.startsWith('/gwprocess')
        ? { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' }
        : { APIConnect: 'INVALID_REQUEST' };
    }
    if (method === 'POST' && url.pathname === '/gwprocess/v4/api.php') {
      const missing = REQUIRED.find((name) => !q.get(name));
      if (missing) return { status: 'FAILED', failedreason: `Invalid Information: ${missing} is missing` };
      if (fake.failures.refuseSession) return { status: 'FAILED', failedreason: 'Store is temporarily disabled' };
      const tranId = q.get('tran_id')!;
      fake.sessions.set(tranId, {
        tranId,
        form: q,
        amount: Number(q.get('total_amount')).toFixed(2),
        status: 'PENDING',
        valId: null,
        bankTranId: null,
        refunds: [],
      });
      const sessionkey = randomBytes(16).toString('hex').toUpperCase();
      return {
        status: 'SUCCESS',
        failedreason: '',
        sessionkey,
        GatewayPageURL: `${fake.url}/gwprocess/v4/gw.php?Q=pay&SESSIONKEY=${sessionkey}`,
      };
    }
    if (method === 'GET' && url.pathname === '/validator/api/validationserverAPI.php') {
      fake.validations += 1;
      const s = [...fake.sessions.values()].find((x) => x.valId !== null && x.valId === q.get('val_id'));
      if (!s || fake.failures.invalidStatus || (s.status !== 'VALID' && s.status !== 'VALIDATED')) {
        return { status: 'INVALID_TRANSACTION', APIConnect: 'DONE' };
      }
      const answer = paymentJson(s);
      s.status = 'VALIDATED';
      return answer;
    }
    if (method === 'GET' && url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
      if (q.has('refund_amount')) return refund(q);
      if (q.has('refund_ref_id')) {
        const s = [...fake.sessions.values()].find((x) => x.refunds.some((r) => r.refundRefId === q.get('refund_ref_id')));
        return s
          ? {
              APIConnect: 'DONE',
              bank_tran_id: s.bankTranId,
              tran_id: s.tranId,
              refund_ref_id: q.get('refund_ref_id'),
              status: 'refunded',
              errorReason: '',
            }
          : { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid refund_ref_id' };
      }
      const s = fake.sessions.get(q.get('tran_id') ?? '');
      const element = s ? [paymentJson(s)] : [];
      return { APIConnect: 'DONE', no_of_trans_found: element.length, element };
    }
    return null;
  };

  function refund(q: URLSearchParams): unknown {
    const s = [...fake.sessions.values()].find((x) => x.bankTranId !== null && x.bankTranId === q.get('bank_tran_id'));
    const amount = Number(q.get('refund_amount'));
    const refunded = s ? s.refunds.reduce((sum, r) => sum + Number(r.amount), 0) : 0;
    if (!s) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Invalid bank_tran_id' };
    if (fake.failures.refuseRefund) return { APIConnect: 'DONE', status: 'failed', errorReason: 'Refund is not allowed for this store' };
    if (!(amount > 0) || amount + refunded > Number(s.amount) + 1e-9) {
      return { APIConnect: 'DONE', status: 'failed', errorReason: 'Refund amount exceeds the transaction amount' };
    }
    const refundRefId = id('RF');
    s.refunds.push({ refundRefId, amount: q.get('refund_amount')!, refeId: q.get('refe_id') ?? '' });
    return {
      APIConnect: 'DONE',
      bank_tran_id: s.bankTranId,
      trans_id: s.tranId,
      refund_ref_id: refundRefId,
      status: 'success',
      errorReason: '',
    };
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', fake.url);
      const answer = () => {
        // A caller that gave up (its time-out) is gone: the request is dropped unanswered and undone.
        if (res.destroyed || req.socket.destroyed) return;
        const isValidation = url.pathname === '/validator/api/validationserverAPI.php';
        const json = route(req.method ?? 'GET', url, new URLSearchParams(body));
        if (json === null) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
        } else if (isValidation && fake.failures.emptyValidation) {
          res.writeHead(200, { 'content-type': 'application/json' }).end('');
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        }
      };
      if (fake.failures.slowMs > 0) setTimeout(answer, fake.failures.slowMs).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
