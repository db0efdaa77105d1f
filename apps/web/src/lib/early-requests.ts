/**
 * A request the staff shell's inline script started before the app's scripts had arrived (ADR 0057;
 * the list is config/early-requests.ts, the script shell/early-requests-script.ts).
 */
export interface StartedEarly {
  url: string;
  /**
   * The headers that decide its answer as it sent them (the token, the background flag), null for
   * one it did not send; the app's call must send the same. Names as the app spells them.
   */
  headers: Record<string, string | null>;
  /** When it was started (Date.now()). */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __visaEarly?: StartedEarly[];
  }
}

/** An answer older than this is not used: the app's call is later than a page's first load. */
export const EARLY_FRESH_MS = 10_000;

/**
 * The answer the shell has on the way for this call, taken once: only a GET to the same address, with
 * the same token and the same background flag as the early request. Anything else goes to the network.
 * (No import of the session rules here: this module is in the sign-in pages' script too.)
 */
export function takeEarly(method: string, url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const started = typeof window === 'undefined' || method !== 'GET' ? undefined : window.__visaEarly;
  const early = started && findEarly(started, url, headers);
  if (!early) return undefined;
  started.splice(started.indexOf(early), 1);
  return Date.now() - early.at < EARLY_FRESH_MS ? early.response : undefined;
}

const findEarly = (started: StartedEarly[], url: string, headers: Record<string, string>) =>
  started.find((e) => e.url === url && Object.entries(e.headers).every(([name, value]) => (headers[name] ?? null) === value));

/**
 * The parsed body of a 2xx answer the shell started early for this GET, taken once, for the app to
 * have before its first render. A refusal, no answer or one too old is left for the app's own call
 * to take as usual; a 2xx body that is not JSON gives nothing, and that call goes to the network.
 */
export async function readEarly(url: string, headers: Record<string, string>): Promise<unknown> {
  const started = typeof window === 'undefined' ? undefined : window.__visaEarly;
  const early = started && findEarly(started, url, headers);
  if (!early) return undefined;
  const response = await early.response.catch(() => undefined);
  const at = started.indexOf(early);
  if (!response?.ok || at < 0 || Date.now() - early.at >= EARLY_FRESH_MS) return undefined;
  started.splice(at, 1);
  return response.json().catch(() => undefined);
}
