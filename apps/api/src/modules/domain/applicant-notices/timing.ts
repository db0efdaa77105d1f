import type { ApplicationStatus } from '@visa/shared/constants';

/**
 * When a notice goes (ADR 0044, ADR 0054, ADR 0055): settling a burst of status changes, and the
 * hours in which no text message is sent.
 */

// Settling: a status change is told once the status has been stable for the settling time, a
// burst of changes is told once for the state it settles in, and a burst that ends where it
// started is not told at all. Status text messages always settle; the status email does when the
// office chooses it.

export interface SettledChange {
  /** The status before the burst: that of a message still waiting for an earlier change, else this change's `from`. */
  fromStatus: ApplicationStatus;
  /** When the message falls due: the settling time after this, the burst's latest, change. */
  dueAt: Date;
  /** The burst is back where it started: there is nothing to tell. */
  settledBack: boolean;
}

export function settleChange(
  waiting: { fromStatus: ApplicationStatus } | undefined,
  change: { from: ApplicationStatus; to: ApplicationStatus; now: Date; settleMinutes: number },
): SettledChange {
  const fromStatus = waiting?.fromStatus ?? change.from;
  return {
    fromStatus,
    dueAt: new Date(change.now.getTime() + change.settleMinutes * 60_000),
    settledBack: !isNews(change.to, fromStatus),
  };
}

/** Whether a settled status is worth a message: it differs from the one the applicant was last told of (or had before the burst). */
export const isNews = (current: ApplicationStatus, baseline: ApplicationStatus) => current !== baseline;

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

/**
 * The night in which no text message is ever sent, whatever the office's quiet hours: a
 * document-request link, which is not a status and goes at once otherwise, waits it out (ADR 0055).
 */
const NIGHT = { start: '00:00', end: '08:00' } as const;

/** When a link due at `now` may go: null at once, else the end of the night. */
export const linkQuietUntil = (now: Date, timeZone: string) => quietUntil(now, timeZone, NIGHT);
