import type { GatewayMethod } from '@visa/shared/money';
import type { PayGateway } from '@visa/shared/pay-page';
import type { AppContext } from '../../../context.js';
import type { Config } from '../../../config.js';
import { bkashCredentialsOf } from '../../../infra/payment-gateways/bkash.js';
import { sslcommerzStore } from '../../../infra/payment-gateways/sslcommerz.js';
import { bkashRefundStatus, checkBkashAttempt, refundThroughBkash } from './bkash.js';
import type { GatewayPaymentRow } from './repository.js';
import { checkSslcommerz, refundSslcommerz } from './sslcommerz-settle.js';

type MoneyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

/**
 * Asking a gateway about an attempt nobody settled (ADR 0084): the payer closed the tab, the IPN
 * never came, bKash's execute gave no answer. The check settles the attempt itself (paid or
 * unpaid) when the gateway knows, or answers 'pending' for the reconciling job to ask again later.
 */
export type CheckAttempt = (ctx: MoneyContext, attempt: GatewayPaymentRow) => Promise<'settled' | 'pending'>;

interface GatewayRefund {
  attemptId: string;
  /** The gateway's ids of the payment (val_id or paymentID, and bank_tran_id or trxID). */
  gatewayRef: string | null;
  gatewayTrxId: string;
  /** The payment's and the refund's amounts in paisa (bKash and SSLCommerz take partial refunds). */
  paidMinor: number;
  amountMinor: number;
  reason: string;
  /** Our id for this refund, unique per attempt: a retried request must not refund twice. */
  refundId: string;
}

/**
 * Asks a gateway to pay money back: the gateway's refund reference; null when it gave no answer
 * and has a refund status to ask later (ADR 0095); throws a 502 with what it said when it refused.
 */
export type RefundThroughGateway = (ctx: MoneyContext, refund: GatewayRefund) => Promise<string | null>;

/**
 * The gateway's word on the newest refund of a payment (its ids as the attempt keeps them): its
 * reference and amount, 'none' when it made none, 'unknown' when it did not say.
 */
export type RefundStatus = (
  ctx: MoneyContext,
  payment: { gatewayRef: string | null; gatewayTrxId: string },
) => Promise<{ ref: string; amountMinor: number } | 'none' | 'unknown'>;

/** Everything the core asks of one gateway (ADR 0095); a gateway adds itself to PAYMENT_GATEWAYS. */
export interface PaymentGateway {
  /** Its name on the pay page. */
  payName: PayGateway;
  /** Whether its credentials are configured, by its own client's rule. */
  enabled: (config: Config) => boolean;
  check: CheckAttempt;
  refund: RefundThroughGateway;
  /** Absent when the gateway cannot be asked about a refund by our ids: its refund never answers null. */
  refundStatus?: RefundStatus;
}

/** In the order the pay page offers them. */
export const PAYMENT_GATEWAYS: Record<GatewayMethod, PaymentGateway> = {
  'bkash-checkout': {
    payName: 'bkash',
    enabled: (config) => !!bkashCredentialsOf(config),
    check: checkBkashAttempt,
    refund: refundThroughBkash,
    refundStatus: bkashRefundStatus,
  },
  sslcommerz: {
    payName: 'sslcommerz',
    enabled: (config) => !!sslcommerzStore(config),
    check: checkSslcommerz,
    refund: refundSslcommerz,
  },
};

/** The gateways a payer is offered (ADR 0091): those whose credentials are configured. */
export const enabledGateways = (config: Config): PayGateway[] =>
  Object.values(PAYMENT_GATEWAYS)
    .filter((gateway) => gateway.enabled(config))
    .map((gateway) => gateway.payName);
