import type { AppContext } from '../../../context.js';
import { PAYMENT_GATEWAYS } from './gateways.js';
import { type RefundChecksResult, runRefundChecks } from './refund-checks.js';
import * as repo from './repository.js';
import { settleUnpaid } from './service.js';

/**
 * The reconciling job (ADR 0091): attempts nobody settled (the payer closed the tab, the IPN never
 * came) are asked about at their gateway when their next check falls due, ever less often as they
 * age, and given up as failed a day after they started. A payment the gateway reports later still
 * settles, since a failed attempt can still be claimed as paid (ADR 0084).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const GIVE_UP_MS = 24 * HOUR_MS;
/** Attempts asked about per run: a backlog drains over a few minutes rather than in one long run. */
const BATCH = 50;

/** When to ask again: every minute for the first ten, every five for the first hour, then every half hour. */
function nextCheckAt(startedAt: Date, now: Date): Date {
  const age = now.getTime() - startedAt.getTime();
  const wait = age < 10 * MINUTE_MS ? MINUTE_MS : age < HOUR_MS ? 5 * MINUTE_MS : 30 * MINUTE_MS;
  return new Date(now.getTime() + wait);
}

export interface PaymentChecksResult {
  checked: number;
  settled: number;
  pending: number;
  failed: number;
  /** Checks that threw (the gateway down or answering nonsense): asked again later. */
  errors: number;
  /** Gateway refunds in doubt settled from the gateway's refund status (ADR 0095). */
  refunds: RefundChecksResult;
}

export async function runPaymentChecks(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, now: Date): Promise<PaymentChecksResult> {
  const result: PaymentChecksResult = {
    checked: 0,
    settled: 0,
    pending: 0,
    failed: 0,
    errors: 0,
    refunds: { recorded: 0, released: 0, pending: 0 },
  };
  for (const attempt of await repo.dueForCheck(ctx.db, now.toISOString(), BATCH)) {
    result.checked += 1;
    const check = PAYMENT_GATEWAYS[attempt.gateway]?.check;
    let outcome: 'settled' | 'pending' = 'pending';
    if (check) {
      try {
        outcome = await check(ctx, attempt);
      } catch {
        // What the gateway said may name the payer: counted, never logged.
        result.errors += 1;
      }
    }
    if (outcome === 'settled') {
      result.settled += 1;
      continue;
    }
    const startedAt = new Date(attempt.started_at);
    if (now.getTime() - startedAt.getTime() >= GIVE_UP_MS) {
      if (await settleUnpaid(ctx.db, attempt.id, 'failed', now)) result.failed += 1;
      continue;
    }
    result.pending += 1;
    await repo.setNextCheck(ctx.db, attempt.id, nextCheckAt(startedAt, now).toISOString());
  }
  result.refunds = await runRefundChecks(ctx, now);
  return result;
}
