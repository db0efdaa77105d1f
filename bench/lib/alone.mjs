// Timing a call with nothing else running: what a clerk waits for one answer, apart from the load.

/** `times` requests one at a time: the median and the fastest, and what the last answered. */
export async function alone(url, headers, times) {
  const taken = [];
  let body;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    body = await res.json();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
    taken.push(performance.now() - t0);
  }
  taken.sort((a, b) => a - b);
  return { p50: taken[taken.length >> 1], min: taken[0], body };
}
