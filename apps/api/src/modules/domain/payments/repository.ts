import type { Db } from '../../../db/connection.js';
import type { Selectable } from 'kysely';
import type { GatewayPaymentRow, GatewayPaymentsTable, RefundClaimsTable } from '../../../db/schema-money.js';

/** Every statement on payment links and gateway payments (ADR 0084). */

export type { GatewayPaymentRow };

/** A link that is neither closed nor past its life, by its token's hash. */
export async function findLiveLink(db: Db, tokenHash: string, now: string): Promise<{ id: string; applicationId: string } | undefined> {
  const row = await db
    .selectFrom('payment_links')
    .select(['id', 'application_id'])
    .where('token_hash', '=', tokenHash)
    .where('closed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { id: row.id, applicationId: row.application_id };
}

export async function insertGatewayPayment(db: Db, row: GatewayPaymentsTable): Promise<void> {
  await db.insertInto('gateway_payments').values(row).execute();
}

export async function findGatewayPayment(db: Db, id: string): Promise<GatewayPaymentRow | undefined> {
  return db.selectFrom('gateway_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records the gateway's own id for the attempt (a session key, a paymentID) once it gives one. */
export async function setGatewayRef(db: Db, id: string, gatewayRef: string): Promise<void> {
  await db.updateTable('gateway_payments').set({ gateway_ref: gatewayRef }).where('id', '=', id).execute();
}

/** The gateway's id and page for a new attempt, once the gateway made it. */
export async function setOpened(db: Db, id: string, gatewayRef: string | null, redirectUrl: string): Promise<void> {
  await db.updateTable('gateway_payments').set({ gateway_ref: gatewayRef, redirect_url: redirectUrl }).where('id', '=', id).execute();
}

/** The link's one attempt still open (unique per link, ADR 0095). */
export async function findOpenForLink(db: Db, linkId: string): Promise<GatewayPaymentRow | undefined> {
  return db.selectFrom('gateway_payments').selectAll().where('link_id', '=', linkId).where('state', '=', 'started').executeTakeFirst();
}

/** An open attempt superseded by another start lets go of its link; it stays open for the job to ask about. */
export async function detachFromLink(db: Db, id: string): Promise<void> {
  await db.updateTable('gateway_payments').set({ link_id: null }).where('id', '=', id).execute();
}

/**
 * Claims an attempt as paid; false when it already is. The row lock this takes makes the callback,
 * the IPN and the reconciling job queue here, so only the first records the payment.
 */
export async function claimPaid(db: Db, id: string, gatewayTrxId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('gateway_payments')
    .set({ state: 'paid', gateway_trx_id: gatewayTrxId, settled_at: at, next_check_at: null })
    .where('id', '=', id)
    .where('state', '<>', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setEntry(db: Db, id: string, entryId: string): Promise<void> {
  await db.updateTable('gateway_payments').set({ entry_id: entryId }).where('id', '=', id).execute();
}

/** An attempt the gateway refused or the payer cancelled; a paid one stays paid. */
export async function markUnpaid(db: Db, id: string, state: 'failed' | 'cancelled', at: string): Promise<boolean> {
  const result = await db
    .updateTable('gateway_payments')
    .set({ state, settled_at: at, next_check_at: null })
    .where('id', '=', id)
    .where('state', '=', 'started')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unsettled attempts whose time to ask the gateway has come, oldest first. */
export async function dueForCheck(db: Db, now: string, limit: number): Promise<GatewayPaymentRow[]> {
  return db
    .selectFrom('gateway_payments')
    .selectAll()
    .where('state', '=', 'started')
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
}

export async function setNextCheck(db: Db, id: string, at: string | null): Promise<void> {
  await db.updateTable('gateway_payments').set({ next_check_at: at }).where('id', '=', id).where('state', '=', 'started').execute();
}

/** Erasure: the applicant's payment links stop working and go. */
export async function deleteLinksOf(db: Db, applicationId: string): Promise<void> {
  await db.deleteFrom('payment_links').where('application_id', '=', applicationId).execute();
}

/** The attempt a gateway payment's ledger entry was recorded from. */
export async function findByEntry(db: Db, entryId: string): Promise<GatewayPaymentRow | undefined> {
  return db.selectFrom('gateway_payments').selectAll().where('entry_id', '=', entryId).executeTakeFirst();
}

export type RefundClaimRow = Selectable<RefundClaimsTable>;

/**
 * Takes a payment for one refund (ADR 0086), recording what the refund asks before the gateway is
 * called (ADR 0095); false while another refund holds it. A claim taken before `staleBefore`
 * belongs to a request that died: one without a gateway is taken over (nothing left the
 * database); a gateway's is the reconciling job's to settle from the gateway's refund status.
 */
export async function claimRefund(db: Db, claim: Omit<RefundClaimsTable, 'state' | 'gateway_ref'>, staleBefore: string): Promise<boolean> {
  const result = await db
    .insertInto('refund_claims')
    .values({ ...claim, state: 'calling', gateway_ref: null })
    .onConflict((oc) =>
      oc
        .column('payment_id')
        .doUpdateSet({ ...claim, state: 'calling', gateway_ref: null })
        .where('refund_claims.claimed_at', '<', staleBefore)
        .where('refund_claims.gateway', 'is', null),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The gateway gave no answer (`in-doubt`), or refunded with `gatewayRef` but its ledger entry was not written (`refunded`). */
export async function markRefundClaim(
  db: Db,
  paymentId: string,
  claimId: string,
  state: 'in-doubt' | 'refunded',
  gatewayRef: string | null,
) {
  await db
    .updateTable('refund_claims')
    .set({ state, gateway_ref: gatewayRef })
    .where('payment_id', '=', paymentId)
    .where('claim_id', '=', claimId)
    .execute();
}

/** Gateway refunds the reconciling job must settle: in doubt, refunded but unrecorded, or left by a request that died. */
export async function refundClaimsToSettle(db: Db, staleBefore: string, limit: number): Promise<RefundClaimRow[]> {
  return db
    .selectFrom('refund_claims')
    .selectAll()
    .where('gateway', 'is not', null)
    .where((eb) => eb.or([eb('state', '<>', 'calling'), eb('claimed_at', '<', staleBefore)]))
    .orderBy('claimed_at')
    .limit(limit)
    .execute();
}

/** Lets go of a refund's claim, unless another request has since taken it over; false when it was not held. */
export async function releaseRefund(db: Db, paymentId: string, claimId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('refund_claims')
    .where('payment_id', '=', paymentId)
    .where('claim_id', '=', claimId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
