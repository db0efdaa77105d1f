import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_FRESH_MS, type StartedEarly, takeEarly } from './early-requests';

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
