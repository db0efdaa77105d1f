import { todayIn } from '@visa/shared/dates';
import { isGatewayMethod } from '@visa/shared/money';
import type { AppContext } from '../../../context.js';
import * as ledger from '../ledger/repository.js';
import { PAYMENT_GATEWAYS } from './gateways.js';
import { CLAIM_LIFE_MS, writeRefund } from './refunds.js';
import * as repo from './repository.js';

/**
 * The reconciling job's side of gateway refunds (ADR 0095): a refund whose gateway gave no
 * answer, one the gateway made but whose ledger entry was not written, and one left by a request
 * that died are settled here. A refund known made is written to the ledger once (the claim's
 * release and the entry share a transaction); for the others the gateway's refund status is
 * asked: its newest refund of the payment, in the claim's amount and not yet in the ledger, is
 * this one; any other answer means it never happened and the claim is let go of; no answer, or a
 * gateway that cannot be asked, leaves it pending for the next run.
 */

type MoneyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

const BATCH = 20;

export interface RefundChecksResult {
  recorded: number;
  released: number;
  pending: number;
}

export async function runRefundChecks(ctx: MoneyContext, now: Date): Promise<RefundChecksResult> {
  const result: RefundChecksResult = { recorded: 0, released: 0, pending: 0 };
  const staleBefore = new Date(now.getTime() - CLAIM_LIFE_MS).toISOString();
  for (const claim of await repo.refundClaimsToSettle(ctx.db, staleBefore, BATCH)) {
    const gateway = claim.gateway && isGatewayMethod(claim.gateway) ? claim.gateway : null;
    const attempt = await repo.findByEntry(ctx.db, claim.payment_id);
    let ref = claim.state === 'refunded' ? claim.gateway_ref : null;
    if (!ref) {
      const status = gateway && attempt ? PAYMENT_GATEWAYS[gateway]?.refundStatus : undefined;
      if (!status || !attempt) {
        // A gateway that cannot be asked answers every refund call (ADR 0089): this claim's request died, as before it is let go of.
        if (await repo.releaseRefund(ctx.db, claim.payment_id, claim.claim_id)) result.released += 1;
        continue;
      }
      let answer: Awaited<ReturnType<typeof status>> = 'unknown';
      try {
        answer = await status(ctx, { gatewayRef: attempt.gateway_ref, gatewayTrxId: attempt.gateway_trx_id ?? '' });
      } catch {
        // What the gateway said may name the payer: counted as pending, never logged.
      }
      if (answer === 'unknown') {
        result.pending += 1;
        continue;
      }
      const made = answer === 'none' ? null : answer;
      // The newest refund is this one only in its amount and when the ledger does not hold it yet.
      const ours =
        made !== null &&
        made.amountMinor === Number(claim.amount_minor) &&
        !(await ledger.hasRefundRef(ctx.db, claim.payment_id, made.ref));
      if (!made || !ours) {
        if (await repo.releaseRefund(ctx.db, claim.payment_id, claim.claim_id)) result.released += 1;
        continue;
      }
      ref = made.ref;
    }
    // Erased since it was asked for: the entry keeps no free text, as erasure blanks every entry's (ADR 0092).
    const payer = await ledger.findPayer(ctx.db, claim.application_id!);
    const reason = payer && !payer.erased ? (claim.reason ?? '') : '';
    const written = await ctx.db.transaction().execute((trx) =>
      writeRefund(trx, {
        payment_id: claim.payment_id,
        claim_id: claim.claim_id,
        application_id: claim.application_id!,
        amount_minor: Number(claim.amount_minor),
        reason,
        actor_id: claim.actor_id,
        method: gateway!,
        methodRef: ref,
        occurredOn: todayIn(ctx.config.APP_TIMEZONE, now),
        at: now,
      }),
    );
    if (written) result.recorded += 1;
  }
  return result;
}
