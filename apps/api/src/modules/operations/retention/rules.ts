import type { ExpiredApplication, ExpiryRule, RetentionSettings } from '@visa/shared/retention';
import type { Db } from '../../../db/connection.js';
import { type Cutoffs, type RetentionRow, listCandidates } from './repository.js';

/**
 * What has expired (ADR 0052), decided in this one place for the daily job, the CLI and the
 * Settings preview. Each rule counts whole UTC days from its base date:
 * - refused: months after the decision, the last change of a refused record (a refusal keeps no
 *   date of its own, and nothing but a change of status is expected after it);
 * - approved: months after the visa collect date (`pending_date`), or the approve date, or the
 *   last change, for a record that lacks the earlier ones;
 * - pending: months since the last change;
 * - consent withdrawn: days after the withdrawal, whatever the status.
 * A record several rules expire is listed once, under the rule that expired it first.
 */

const day = (iso: string) => iso.slice(0, 10);

/** The day `months` calendar months after `from` (YYYY-MM-DD), the last of the month when shorter. */
function addMonths(from: string, months: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

const addDays = (from: string, days: number) => new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** When each rule's window of this record ends, for the rules that apply to it. */
function windowsOf(row: RetentionRow, settings: RetentionSettings): { rule: ExpiryRule; expiredOn: string }[] {
  const windows: { rule: ExpiryRule; expiredOn: string }[] = [];
  if (row.consent_withdrawn_at)
    windows.push({ rule: 'withdrawn', expiredOn: addDays(day(row.consent_withdrawn_at), settings.withdrawnDays) });
  if (row.status === 'rejected' && settings.rejectedMonths) {
    windows.push({ rule: 'rejected', expiredOn: addMonths(day(row.updated_at), settings.rejectedMonths) });
  }
  if (row.status === 'pending' && settings.pendingMonths) {
    windows.push({ rule: 'pending', expiredOn: addMonths(day(row.updated_at), settings.pendingMonths) });
  }
  if (row.status === 'approved' && settings.approvedMonths) {
    const collected = row.pending_date ?? row.approve_date ?? day(row.updated_at);
    windows.push({ rule: 'approved', expiredOn: addMonths(day(collected), settings.approvedMonths) });
  }
  return windows;
}

/** A day early enough that no base date after it can have expired: the query's superset bound. */
const cutoff = (today: string, months: number | null) => (months ? addDays(addMonths(today, -months), 4) : null);

/** Every application whose personal data is due to be erased at `now`, earliest expiry first. */
export async function findExpired(db: Db, settings: RetentionSettings, now: Date): Promise<ExpiredApplication[]> {
  const today = day(now.toISOString());
  const cutoffs: Cutoffs = {
    rejected: cutoff(today, settings.rejectedMonths),
    approved: cutoff(today, settings.approvedMonths),
    pending: cutoff(today, settings.pendingMonths),
    withdrawn: addDays(today, 1 - settings.withdrawnDays),
  };
  const expired: ExpiredApplication[] = [];
  for (const row of await listCandidates(db, cutoffs)) {
    const due = windowsOf(row, settings)
      .filter((w) => w.expiredOn <= today)
      .sort((a, b) => a.expiredOn.localeCompare(b.expiredOn))[0];
    if (due) expired.push({ _id: row.id, status: row.status, rule: due.rule, expiredOn: due.expiredOn });
  }
  return expired.sort((a, b) => a.expiredOn.localeCompare(b.expiredOn) || a._id.localeCompare(b._id));
}
