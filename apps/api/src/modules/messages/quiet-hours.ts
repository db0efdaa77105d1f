/** Minutes past local midnight in a zone, and the seconds into the current minute. */
function localClock(timeZone: string, at: Date): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: get('hour') * 60 + get('minute'), seconds: get('second') };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When quiet hours from `start` to `end` (local times in the office's zone, wrapping past midnight
 * when start is later than end) are over, if `at` falls inside them; null when it does not. Counted
 * in minutes from `at`, so it holds in zones without daylight-saving changes inside the night
 * (the office's zone has none); a change would move the end by its size at most.
 */
export function quietUntil(at: Date, timeZone: string, hours: { start: string; end: string }): Date | null {
  const { minutes, seconds } = localClock(timeZone, at);
  const start = minutesOf(hours.start);
  const end = minutesOf(hours.end);
  if (start === end) return null;
  const inside = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!inside) return null;
  const wait = (end - minutes + 1440) % 1440;
  return new Date(at.getTime() + wait * 60_000 - seconds * 1000 - at.getMilliseconds());
}
