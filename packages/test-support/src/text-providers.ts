import http from 'node:http';
import { freePort } from './ports.js';

/**
 * Fake SMS and WhatsApp providers on loopback, speaking the real shapes: a generic HTTP aggregator
 * (`/sms`, GET or POST), Twilio's `POST /2010-04-01/Accounts/{Sid}/Messages.json` and the WhatsApp
 * Cloud API's `POST /{phone-number-id}/messages`. Each records what it received, and can answer
 * as up, down (503), refusing (Twilio 21211, a WhatsApp error, the aggregator's failure body) or
 * be stopped altogether (connection refused) and started again on the same port.
 */

export type ProviderMode = 'ok' | 'down' | 'refuse';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The form or query fields, parsed (aggregator and Twilio). */
  form: URLSearchParams;
  json: unknown;
}

export interface FakeProviders {
  url: string;
  mode: ProviderMode;
  received: ReceivedRequest[];
  /** Stops listening: calls are refused at the connection. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const FAKE_TWILIO = { sid: `AC${'0123456789abcdef'.repeat(2)}`, token: 'fake-twilio-auth-token', from: '+15005550006' };
export const FAKE_WHATSAPP = { token: 'fake-whatsapp-token', phoneNumberId: '109876543210' };

const TWILIO_PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/;

/** On `port` when given (a test that must name the address before the providers start), else a free one. */
export async function startFakeProviders(options: { port?: number } = {}): Promise<FakeProviders> {
  const port = options.port ?? (await freePort());
  let counter = 0;
  const state: FakeProviders = {
    url: `http://127.0.0.1:${port}`,
    mode: 'ok',
    received: [],
    stop: async () => undefined,
    start: async () => undefined,
    close: async () => undefined,
  };

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', state.url);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      json = null;
    }
    const form = req.method === 'GET' ? url.searchParams : new URLSearchParams(body);
    state.received.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, form, json });
    counter += 1;
    if (state.mode === 'down') return answer(res, 503, { error: 'Service Unavailable' });

    if (url.pathname === '/sms') {
      // Some aggregators echo the request they refuse, key, text and all.
      if (state.mode === 'refuse') {
        return answer(res, 200, {
          response_code: 1007,
          error_message: 'Balance Insufficient',
          api_key: form.get('api_key'),
          message: form.get('message'),
        });
      }
      return answer(res, 200, { response_code: 202, message_id: 9000 + counter, success_message: 'SMS Submitted Successfully' });
    }
    const twilio = TWILIO_PATH.exec(url.pathname);
    if (twilio && req.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${FAKE_TWILIO.sid}:${FAKE_TWILIO.token}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return answer(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      if (state.mode === 'refuse') {
        return answer(res, 400, {
          code: 21211,
          message: `The 'To' number ${form.get('To') ?? ''} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      }
      return answer(res, 201, {
        sid: `SM${String(counter).padStart(32, '0')}`,
        status: 'queued',
        to: form.get('To'),
        from: form.get('From'),
        body: form.get('Body'),
        num_segments: '1',
      });
    }
    if (url.pathname === `/${FAKE_WHATSAPP.phoneNumberId}/messages` && req.method === 'POST') {
      if (req.headers.authorization !== `Bearer ${FAKE_WHATSAPP.token}`) {
        return answer(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      }
      if (state.mode === 'refuse') {
        return answer(res, 400, {
          error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026, fbtrace_id: 'AbCdEf' },
        });
      }
      const to = (json as { to?: string } | null)?.to ?? '';
      return answer(res, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to }],
        messages: [{ id: `wamid.HBgL${counter}` }],
      });
    }
    return answer(res, 404, { error: 'not found' });
  };

  let server: http.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
      });
      s.on('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
      server = s;
    });
  const close = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.closeAllConnections();
      s.close(() => resolve());
    });
  state.stop = close;
  state.start = listen;
  state.close = close;
  await listen();
  return state;
}
