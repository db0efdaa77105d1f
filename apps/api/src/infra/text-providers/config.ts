/**
 * Which providers the environment configures for status messages (ADR 0044), and what is missing
 * from an incomplete configuration: start-up refuses it with one line naming the variable. Secrets
 * stay in the environment: nothing here is stored or logged.
 */
export interface TextMessageEnv {
  SMS_PROVIDER?: 'http' | 'twilio' | undefined;
  SMS_HTTP_URL?: string | undefined;
  SMS_HTTP_METHOD: 'GET' | 'POST';
  SMS_HTTP_PARAMS?: string | undefined;
  SMS_HTTP_FAILURE?: string | undefined;
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_FROM?: string | undefined;
  TWILIO_API_URL: string;
  WHATSAPP_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_API_URL: string;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
}

const required = (env: TextMessageEnv, names: (keyof TextMessageEnv)[], when: string) => {
  const missing = names.find((name) => env[name] === undefined);
  return missing ? `${missing} is required when ${when}` : null;
};

/** The one line start-up refuses an incomplete configuration with, or null when it is complete. */
export function textMessageConfigProblem(env: TextMessageEnv): string | null {
  if (env.SMS_PROVIDER === 'http') {
    const missing = required(env, ['SMS_HTTP_URL', 'SMS_HTTP_PARAMS'], 'SMS_PROVIDER=http');
    if (missing) return missing;
    if (!env.SMS_HTTP_PARAMS!.includes('{to}') || !env.SMS_HTTP_PARAMS!.includes('{text}')) {
      return 'SMS_HTTP_PARAMS must contain {to} and {text}';
    }
    if (env.SMS_HTTP_FAILURE !== undefined) {
      try {
        // The operator's own pattern, from the environment, never from a request.
        new RegExp(env.SMS_HTTP_FAILURE);
      } catch {
        return 'SMS_HTTP_FAILURE must be a valid regular expression';
      }
    }
  }
  if (env.SMS_PROVIDER === 'twilio') {
    const missing = required(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'], 'SMS_PROVIDER=twilio');
    if (missing) return missing;
  }
  const whatsapp: (keyof TextMessageEnv)[] = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'];
  if (whatsapp.some((name) => env[name] !== undefined)) {
    const missing = required(env, whatsapp, 'WhatsApp is configured');
    if (missing) return missing;
  }
  return null;
}
