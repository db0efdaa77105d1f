import type { TextMessageEnv } from './config.js';
import { type Provider, asText, call, field, parseJson, retryable, short } from './call.js';

/** The WhatsApp driver (ADR 0044): approved template messages through the Cloud API. */
export function whatsapp(env: TextMessageEnv): Provider {
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
