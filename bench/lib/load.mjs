// One autocannon run, reduced to the figures the benchmarks report.
import autocannon from 'autocannon';

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
