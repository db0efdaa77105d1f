import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_FRESH_MS, type StartedEarly, readEarly, takeEarly } from './early-requests';

const answer = (url: string) => Promise.resolve(new Response(url));
const started = (url: string, headers: StartedEarly['headers'], at = Date.now()): StartedEarly => ({
  url,
  headers,
  at,
  response: answer(url),
});
const TOKEN = 'Bearer abc';

afterEach(() => {
  delete window.__visaEarly;
  vi.useRealTimers();
});

describe('the app takes an answer the shell started early', () => {
  it('for a GET to the same address with the same token and background flag, once', async () => {
    window.__visaEarly = [
      started('/api/users/me', { Authorization: TOKEN, 'x-session-activity': null }),
      started('/api/users/session', { Authorization: TOKEN, 'x-session-activity': 'background' }),
    ];
    const me = takeEarly('GET', '/api/users/me', { Authorization: TOKEN, Accept: 'application/json' });
    expect(await (await me!).text()).toBe('/api/users/me');
    expect(takeEarly('GET', '/api/users/me', { Authorization: TOKEN })).toBeUndefined();
    expect(takeEarly('GET', '/api/users/session', { Authorization: TOKEN, 'x-session-activity': 'background' })).toBeDefined();
    expect(window.__visaEarly).toEqual([]);
  });

  it('never for another method, address, token or background flag', () => {
    window.__visaEarly = [started('/api/users/session', { Authorization: TOKEN, 'x-session-activity': 'background' })];
    expect(takeEarly('POST', '/api/users/session', { Authorization: TOKEN, 'x-session-activity': 'background' })).toBeUndefined();
    expect(takeEarly('GET', '/api/users/session?x=1', { Authorization: TOKEN, 'x-session-activity': 'background' })).toBeUndefined();
    expect(takeEarly('GET', '/api/users/session', { Authorization: 'Bearer other', 'x-session-activity': 'background' })).toBeUndefined();
    expect(takeEarly('GET', '/api/users/session', { Authorization: TOKEN })).toBeUndefined();
    expect(takeEarly('GET', '/api/users/session', { 'x-session-activity': 'background' })).toBeUndefined();
    expect(window.__visaEarly).toHaveLength(1);
  });

  it('not when it is older than a first load: that call goes to the network', () => {
    window.__visaEarly = [started('/api/users/me', { Authorization: TOKEN, 'x-session-activity': null }, Date.now() - EARLY_FRESH_MS - 1)];
    expect(takeEarly('GET', '/api/users/me', { Authorization: TOKEN })).toBeUndefined();
    expect(window.__visaEarly).toEqual([]);
  });

  it('nothing when the shell started nothing', () => {
    expect(takeEarly('GET', '/api/users/me', { Authorization: TOKEN })).toBeUndefined();
  });
});

describe('the app reads an answer the shell started early before its first render', () => {
  const withAnswer = (response: Promise<Response>): StartedEarly => ({
    url: '/api/users/me',
    headers: { Authorization: TOKEN, 'x-session-activity': null },
    at: Date.now(),
    response,
  });
  const json = (status: number) =>
    Promise.resolve(new Response(JSON.stringify({ name: 'Nadia' }), { status, headers: { 'content-type': 'application/json' } }));

  it('a 2xx answer: its JSON, taken once', async () => {
    window.__visaEarly = [withAnswer(json(200))];
    expect(await readEarly('/api/users/me', { Authorization: TOKEN })).toEqual({ name: 'Nadia' });
    expect(window.__visaEarly).toEqual([]);
    expect(await readEarly('/api/users/me', { Authorization: TOKEN })).toBeUndefined();
  });

  it('a refusal, no answer or another token: left for the app’s own call', async () => {
    const refused = withAnswer(json(401));
    const dropped = { ...withAnswer(Promise.reject(new TypeError('Failed to fetch'))), url: '/api/users/session' };
    window.__visaEarly = [refused, dropped];
    expect(await readEarly('/api/users/me', { Authorization: TOKEN })).toBeUndefined();
    expect(await readEarly('/api/users/session', { Authorization: TOKEN })).toBeUndefined();
    expect(await readEarly('/api/users/me', { Authorization: 'Bearer other' })).toBeUndefined();
    expect(window.__visaEarly).toEqual([refused, dropped]);
    expect((await takeEarly('GET', '/api/users/me', { Authorization: TOKEN }))?.status).toBe(401);
  });
});
