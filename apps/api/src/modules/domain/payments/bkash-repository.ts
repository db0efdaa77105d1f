import type { Db } from '../../../db/connection.js';
import type { BkashPaymentRow } from '../../../db/schema-bkash.js';
import type { SealedTokens, TokenStore } from '../../../infra/payment-gateways/bkash.js';

/** Every statement on bKash's tokens and payments (ADR 0090). */

const GATEWAY = 'bkash';

/** bKash's tokens in the database, so every worker and instance shares one pair. */
export function tokenStore(db: Db): TokenStore {
  return {
    async read() {
      const row = await db.selectFrom('gateway_tokens').selectAll().where('gateway', '=', GATEWAY).executeTakeFirst();
      if (!row?.sealed || !row.refresh_expires_at) return null;
      // An expired grant token (bKash refused it) reads as lapsed long ago: the refresh token renews it.
      const accessExpiresAt = new Date(row.access_expires_at ?? 0);
      return { sealed: row.sealed, accessExpiresAt, refreshExpiresAt: new Date(row.refresh_expires_at) };
    },
    async lease(now, until) {
      await db
        .insertInto('gateway_tokens')
        .values({
          gateway: GATEWAY,
          sealed: null,
          access_expires_at: null,
          refresh_expires_at: null,
          lease_until: null,
          updated_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('gateway').doNothing())
        .execute();
      const result = await db
        .updateTable('gateway_tokens')
        .set({ lease_until: until.toISOString() })
        .where('gateway', '=', GATEWAY)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async write(tokens: SealedTokens, now) {
      await db
        .updateTable('gateway_tokens')
        .set({
          sealed: tokens.sealed,
          access_expires_at: tokens.accessExpiresAt.toISOString(),
          refresh_expires_at: tokens.refreshExpiresAt.toISOString(),
          lease_until: null,
          updated_at: now.toISOString(),
        })
        .where('gateway', '=', GATEWAY)
        .execute();
    },
    async release() {
      await db.updateTable('gateway_tokens').set({ lease_until: null }).where('gateway', '=', GATEWAY).execute();
    },
    async expire(sealed) {
      await db
        .updateTable('gateway_tokens')
        .set({ access_expires_at: null })
        .where('gateway', '=', GATEWAY)
        .where('sealed', '=', sealed)
        .execute();
    },
  };
}

export async function insertBkashPayment(db: Db, paymentId: string, attemptId: string, at: string): Promise<void> {
  await db
    .insertInto('bkash_payments')
    .values({ payment_id: paymentId, attempt_id: attemptId, execute_claimed_at: null, created_at: at })
    .execute();
}

export async function findBkashPayment(db: Db, paymentId: string): Promise<BkashPaymentRow | undefined> {
  return db.selectFrom('bkash_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
}

/**
 * Claims the right to execute a payment; false while someone else executes it. A claim older than
 * `staleBefore` (its worker stopped mid-call) may be taken over: bKash refuses a second execute of
 * a payment it completed, and the ledger records a payment once whatever happens.
 */
export async function claimExecute(db: Db, paymentId: string, at: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('bkash_payments')
    .set({ execute_claimed_at: at })
    .where('payment_id', '=', paymentId)
    .where((eb) => eb.or([eb('execute_claimed_at', 'is', null), eb('execute_claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
