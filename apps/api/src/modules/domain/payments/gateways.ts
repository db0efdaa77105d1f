import type { GatewayMethod } from '@visa/shared/money';
import type { PayGateway } from '@visa/shared/pay-page';
import type { AppContext } from '../../../context.js';
import type { Config } from '../../../config.js';
import { bkashCredentialsOf } from '../../../infra/payment-gateways/bkash.js';
import { sslcommerzStore } from '../../../infra/payment-gateways/sslcommerz.js';
import { checkBkashAttempt, refundThroughBkash } from './bkash.js';
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

/** Asks a gateway to pay money back; answers the gateway's refund reference, or throws a 502 with what it said. */
export type RefundThroughGateway = (ctx: MoneyContext, refund: GatewayRefund) => Promise<string>;

/** Everything the core asks of one gateway (ADR 0095); a gateway adds itself to PAYMENT_GATEWAYS. */
export interface PaymentGateway {
  /** Its name on the pay page. */
  payName: PayGateway;
  /** Whether its credentials are configured, by its own client's rule. */
  enabled: (config: Config) => boolean;
  check: CheckAttempt;
  refund: RefundThroughGateway;
}

/** In the order the pay page offers them. */
export const PAYMENT_GATEWAYS: Record<GatewayMethod, PaymentGateway> = {
  'bkash-checkout': {
    payName: 'bkash',
    enabled: (config) => !!bkashCredentialsOf(config),
    check: checkBkashAttempt,
    refund: refundThroughBkash,
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
