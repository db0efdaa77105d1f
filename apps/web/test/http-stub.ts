import { AxiosError, AxiosHeaders, type AxiosResponse, CanceledError, type InternalAxiosRequestConfig } from 'axios';
import { onTestFinished } from 'vitest';
import { api } from '../src/lib/api-client';

/**
 * Stands in for the server at the HTTP boundary of the one axios client: everything above it
 * (our api functions, interceptors, hooks, components) runs for real. Each reply says what the
 * network did: an answer with a status, no answer at all, a timeout, or a failure before sending.
 */
export type StubReply =
  | { status: number; data?: unknown }
  | 'network-error'
  | 'timeout'
  | 'aborted'
  | 'setup-error'
  /** Never answers until the request's own signal aborts it. */
  | 'hang';

export interface RecordedCall {
  method: string;
  url: string;
  data: unknown;
  timeout: number | undefined;
  headers: Record<string, unknown>;
}

type Handler = StubReply | ((call: RecordedCall) => StubReply | Promise<StubReply>);

/** `routes` maps 'METHOD /path' to a reply (or a list of replies used in turn, the last repeating). */
export function stubApi(routes: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const used = new Map<string, number>();
  const original = api.defaults.adapter;

  api.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = (config.url ?? '').replace(/^\/?/, '/').split('?')[0] ?? '';
    const data = typeof config.data === 'string' && config.data.startsWith('{') ? (JSON.parse(config.data) as unknown) : config.data;
    const call: RecordedCall = { method, url, data, timeout: config.timeout || undefined, headers: config.headers.toJSON() };
    calls.push(call);
    const key = `${method} ${url}`;
    const entry = routes[key];
    if (entry === undefined) throw new Error(`stubApi: no reply for ${key}`);
    const list = Array.isArray(entry) ? entry : [entry];
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const handler = list[Math.min(index, list.length - 1)]!;
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    const request = { url };

    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, request);
    if (reply === 'timeout') throw new AxiosError(`timeout of ${config.timeout ?? 0}ms exceeded`, AxiosError.ECONNABORTED, config, request);
    if (reply === 'aborted') throw new AxiosError('Request aborted', AxiosError.ECONNABORTED, config, request);
    if (reply === 'setup-error') throw new Error('Something failed before the request was sent');
    if (reply === 'hang') {
      return new Promise((_resolve, reject) => {
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError(undefined, config, request)));
      });
    }
    const response: AxiosResponse = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data ?? '',
      headers: new AxiosHeaders({ 'content-type': 'application/json' }),
      config,
      request,
    };
    const ok = config.validateStatus ? config.validateStatus(reply.status) : reply.status >= 200 && reply.status < 300;
    if (ok) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      request,
      response,
    );
  };

  onTestFinished(() => {
    api.defaults.adapter = original;
  });
  return { calls, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url}` === key) };
}
