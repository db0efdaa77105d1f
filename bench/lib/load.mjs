// One autocannon run, reduced to the figures the benchmarks report.
import autocannon from 'autocannon';
import { cpuSeconds } from './processes.mjs';

/**
 * Client address of request n, a different one for each of 16 777 216 requests under `first`
 * (127 for 127.0.0.0/8): with TRUST_PROXY=1 a load run names one per request in X-Forwarded-For,
 * as visitors behind a load balancer would, so per-address limits do not turn it into 429s.
 */
export const clientAddress = (n, first = 127) => `${first}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * Fires `connections` concurrent keep-alive connections at one URL for `seconds` and answers
 * requests per second (mean), latency p50/p99 in ms, and how many answers were not 2xx.
 * `setupRequest(request)` may change each request before it is sent (another query, other headers).
 */
export async function measure({ url, headers = {}, connections = 50, seconds = 10, setupRequest }) {
  const requests = setupRequest ? [{ setupRequest }] : undefined;
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1, requests });
  return {
    reqPerSec: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** `measure` against one server process `pid`, with the CPU seconds that process used meanwhile. */
export async function measureWithCpu(pid, options) {
  const before = cpuSeconds(pid);
  const m = await measure(options);
  return { ...m, cpuSeconds: cpuSeconds(pid) - before };
}
