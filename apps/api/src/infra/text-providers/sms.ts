import type { TextMessageEnv } from './config.js';
import { type Provider, asText, call, field, parseJson, retryable, short } from './call.js';

/** The SMS drivers (ADR 0044): a generic HTTP aggregator configured by the operator, or Twilio's REST API. */

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

export function httpAggregator(env: TextMessageEnv): Provider {
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

export function twilio(env: TextMessageEnv, statusCallback: string): Provider {
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
