import { API_PATHS } from '@visa/shared/api-paths';
import type { TextMessageEnv } from './config.js';
import type { Provider } from './call.js';
import { httpAggregator, twilio } from './sms.js';
import { whatsapp } from './whatsapp.js';

/**
 * The providers that carry text messages to applicants (ADR 0044): SMS by an HTTP aggregator or
 * Twilio, WhatsApp by the Cloud API, as the environment configures them. They import no module:
 * the applicant-notices worker drives them.
 */

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
