import type { Selectable } from 'kysely';

/** bKash's tables (ADR 0090): times ISO-8601 UTC. */

/** A gateway's API tokens, shared by every worker and instance. */
export interface GatewayTokensTable {
  gateway: string;
  /** The grant and refresh tokens, encrypted with a key from the gateway's app secret. */
  sealed: string | null;
  access_expires_at: string | null;
  refresh_expires_at: string | null;
  /** Until when one worker is renewing the tokens; the others wait for it. */
  lease_until: string | null;
  updated_at: string;
}

/** A payment bKash created for one of our attempts. */
export interface BkashPaymentsTable {
  /** bKash's paymentID. */
  payment_id: string;
  attempt_id: string;
  /** When someone started executing it: only one caller executes a payment. */
  execute_claimed_at: string | null;
  created_at: string;
}

export type BkashPaymentRow = Selectable<BkashPaymentsTable>;
