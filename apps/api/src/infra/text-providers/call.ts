import type { PhoneChannel } from '@visa/shared/notices';

/**
 * What the text-message drivers (sms.ts, whatsapp.ts) share: each speaks to its provider with plain
 * fetch, and every answer is sorted into sent, worth retrying (time-out, network error, 5xx, 429) or
 * refused for good (any other 4xx, a WhatsApp error, the aggregator's failure pattern). Errors are
 * kept short and with digit runs masked, so a number the provider echoes never reaches the history.
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

export interface Provider {
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

export const short = (text: string) => maskDigits(text.replace(/\s+/g, ' ').trim()).slice(0, 300);

/** 429 and 5xx may go through later; other refusals will not. */
export const retryable = (status: number) => status === 429 || status >= 500;

export async function call(url: string, init: RequestInit): Promise<{ status: number; body: string } | { error: string }> {
  try {
    const response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, body: await response.text() };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { error: (err as Error).name === 'TimeoutError' ? 'timed out' : `network error${cause ? ` (${cause})` : ''}` };
  }
}

export const parseJson = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};

export const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

export const asText = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);
