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
  if (!started || started.length === 0) return undefined;
  const at = started.findIndex(
    (e) => e.url === url && Object.entries(e.headers).every(([name, value]) => (headers[name] ?? null) === value),
  );
  if (at < 0) return undefined;
  const [early] = started.splice(at, 1);
  return early && Date.now() - early.at < EARLY_FRESH_MS ? early.response : undefined;
}
