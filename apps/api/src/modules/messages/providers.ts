import { API_PATHS } from '@visa/shared/api-paths';
import type { PhoneChannel } from '@visa/shared/text-messages';
import type { TextMessageEnv } from './provider-config.js';

/**
 * The providers that carry status messages (ADR 0044), each spoken to with plain fetch: a generic
 * HTTP aggregator or Twilio's REST API for SMS, the WhatsApp Cloud API for template messages.
 * Every answer is sorted into sent, worth retrying (time-out, network error, 5xx, 429) or refused
 * for good (any other 4xx, a WhatsApp error, the aggregator's failure pattern). Errors are kept
 * short and with digit runs masked, so a number the provider echoes never reaches the history.
 */

export interface OutgoingMessage {
  /** E.164 with the plus. */
  to: string;
  /** The SMS text; for WhatsApp the template below is what is sent. */
  text: string;
  template?: { name: string; language: string; parameters: string[] };
}

type SendOutcome =
  | { ok: true; providerId: string | null; providerStatus: string; answer: string }
  | { ok: false; permanent: boolean; error: string; answer: string };

interface Provider {
  channel: PhoneChannel;
  kind: 'http' | 'twilio' | 'whatsapp';
  send(message: OutgoingMessage): Promise<SendOutcome>;
}

const TIMEOUT_MS = 10_000;

/** A phone number as the history may show it: country and first digit, then dots, then the last three. */
export const maskNumber = (e164: string) =>
  e164.length <= 8 ? '•••' : `${e164.slice(0, 5)}${'•'.repeat(e164.length - 8)}${e164.slice(-3)}`;

/** Any run of eight or more digits in a provider's words, masked: providers echo the number they refused; error codes are shorter. */
export const maskDigits = (text: string) =>
  text.replace(/\+?\d[\d ()-]{6,}\d/g, (run) => {
    const digits = run.replace(/[^\d+]/g, '');
    return digits.replace('+', '').length >= 8 ? maskNumber(digits) : run;
  });

const short = (text: string) => maskDigits(text.replace(/\s+/g, ' ').trim()).slice(0, 300);

/** 429 and 5xx may go through later; other refusals will not. */
const retryable = (status: number) => status === 429 || status >= 500;

async function call(url: string, init: RequestInit): Promise<{ status: number; body: string } | { error: string }> {
  try {
    const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, body: await response.text() };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { error: (err as Error).name === 'TimeoutError' ? 'timed out' : `network error${cause ? ` (${cause})` : ''}` };
  }
}

const parseJson = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** SMS_HTTP_PARAMS with {to} and {text} filled in, URL-encoded; the rest is the operator's, as written. */
function fillParams(template: string, to: string, text: string): string {
  const values: Record<string, string> = { to: encodeURIComponent(to.replace(/^\+/, '')), text: encodeURIComponent(text) };
  return template.replace(/\{(to|text)\}/g, (_whole, name: string) => values[name]!);
}

/**
 * The operator's own values in SMS_HTTP_PARAMS (an API key, a sender id): an aggregator that echoes
 * the request must not put them into the history or the Settings page.
 */
function operatorValues(template: string): string[] {
  return template
    .split('&')
    .map((pair) => pair.slice(pair.indexOf('=') + 1))
    .filter((value) => value.length >= 6 && !/\{(to|text)\}/.test(value))
    .flatMap((value) => [value, decodeURIComponentSafe(value)]);
}

const decodeURIComponentSafe = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

function httpAggregator(env: TextMessageEnv): Provider {
  const url = env.SMS_HTTP_URL!;
  const failure = env.SMS_HTTP_FAILURE === undefined ? null : new RegExp(env.SMS_HTTP_FAILURE);
  const secrets = operatorValues(env.SMS_HTTP_PARAMS!);
  const redact = (text: string) => secrets.reduce((out, secret) => out.replaceAll(secret, '•••'), text);
  return {
    channel: 'sms',
    kind: 'http',
    async send(message) {
      const params = fillParams(env.SMS_HTTP_PARAMS!, message.to, message.text);
      const result =
        env.SMS_HTTP_METHOD === 'GET'
          ? await call(`${url}${url.includes('?') ? '&' : '?'}${params}`, { method: 'GET' })
          : await call(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: params });
      if ('error' in result) return { ok: false, permanent: false, error: result.error, answer: result.error };
      const answer = short(redact(`${result.status} ${result.body}`));
      if (result.status >= 200 && result.status < 300 && !(failure && failure.test(result.body))) {
        const json = parseJson(result.body);
        const id = asText(field(json, 'message_id')) ?? asText(field(json, 'messageId')) ?? asText(field(json, 'id'));
        return { ok: true, providerId: id, providerStatus: 'accepted', answer };
      }
      const permanent = result.status < 300 || !retryable(result.status);
      return { ok: false, permanent, error: `aggregator answered ${answer}`, answer };
    },
  };
}

function twilio(env: TextMessageEnv, statusCallback: string): Provider {
  const sid = env.TWILIO_ACCOUNT_SID!;
  const url = `${env.TWILIO_API_URL.replace(/\/$/, '')}/2010-04-01/Accounts/${sid}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${sid}:${env.TWILIO_AUTH_TOKEN!}`).toString('base64')}`;
  return {
    channel: 'sms',
    kind: 'twilio',
    async send(message) {
      const body = new URLSearchParams({ To: message.to, From: env.TWILIO_FROM!, Body: message.text, StatusCallback: statusCallback });
      const result = await call(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      if ('error' in result) return { ok: false, permanent: false, error: result.error, answer: result.error };
      const json = parseJson(result.body);
      if (result.status >= 200 && result.status < 300) {
        const status = asText(field(json, 'status')) ?? 'queued';
        return { ok: true, providerId: asText(field(json, 'sid')), providerStatus: status, answer: short(`${result.status} ${status}`) };
      }
      const code = asText(field(json, 'code'));
      const error = short(`Twilio ${result.status}${code ? ` error ${code}` : ''}: ${asText(field(json, 'message')) ?? ''}`);
      return { ok: false, permanent: !retryable(result.status), error, answer: error };
    },
  };
}

function whatsapp(env: TextMessageEnv): Provider {
  const url = `${env.WHATSAPP_API_URL.replace(/\/$/, '')}/${env.WHATSAPP_PHONE_NUMBER_ID!}/messages`;
  return {
    channel: 'whatsapp',
    kind: 'whatsapp',
    async send(message) {
      const template = message.template!;
      const body = {
        messaging_product: 'whatsapp',
        to: message.to.replace(/^\+/, ''),
        type: 'template',
        template: {
          name: template.name,
          language: { code: template.language },
          components: [{ type: 'body', parameters: template.parameters.map((text) => ({ type: 'text', text })) }],
        },
      };
      const result = await call(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.WHATSAPP_TOKEN!}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if ('error' in result) return { ok: false, permanent: false, error: result.error, answer: result.error };
      const json = parseJson(result.body);
      const messages = field(json, 'messages');
      const id = Array.isArray(messages) ? asText(field(messages[0], 'id')) : null;
      if (result.status >= 200 && result.status < 300 && id) {
        return { ok: true, providerId: id, providerStatus: 'accepted', answer: short(`${result.status} accepted`) };
      }
      const err = field(json, 'error');
      const error = short(`WhatsApp ${result.status} error ${asText(field(err, 'code')) ?? '?'}: ${asText(field(err, 'message')) ?? ''}`);
      return { ok: false, permanent: result.status < 300 || !retryable(result.status), error, answer: error };
    },
  };
}

/** Where Twilio posts its status callbacks; the signature is made over this URL under PUBLIC_URL. */
export const TWILIO_RECEIPT_PATH = API_PATHS.twilioReceipt.path;

export interface Providers {
  sms: Provider | null;
  whatsapp: Provider | null;
}

/** The providers the environment configures; a channel without one is unavailable. */
export function createProviders(env: TextMessageEnv, publicUrl: string): Providers {
  const callback = `${publicUrl}${TWILIO_RECEIPT_PATH}`;
  const sms = env.SMS_PROVIDER === 'http' ? httpAggregator(env) : env.SMS_PROVIDER === 'twilio' ? twilio(env, callback) : null;
  const wa = env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID ? whatsapp(env) : null;
  return { sms, whatsapp: wa };
}
