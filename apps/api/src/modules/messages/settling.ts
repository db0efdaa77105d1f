import type { ApplicationStatus } from '@visa/shared/constants';

/**
 * The one owner of "settling" (ADR 0044, ADR 0054): a status change is told once the status has
 * been stable for the settling time, a burst of changes is told once for the state it settles in,
 * and a burst that ends where it started is not told at all. Status messages by SMS and WhatsApp
 * always settle; the status email does when the office chooses it.
 */

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
