import type { GatewayMethod } from '@visa/shared/money';
import type { AppContext } from '../../../context.js';
import { checkBkashAttempt } from './bkash.js';
import type { GatewayPaymentRow } from './repository.js';
import { checkSslcommerz } from './sslcommerz-settle.js';

/**
 * Asking a gateway about an attempt nobody settled (ADR 0084): the payer closed the tab, the IPN
 * never came, bKash's execute gave no answer. The reconciling job calls the attempt's gateway;
 * the check settles the attempt itself (paid or unpaid) when the gateway knows, or answers
 * 'pending' for the job to ask again later.
 */
export type CheckAttempt = (ctx: Pick<AppContext, 'db' | 'config' | 'now'>, attempt: GatewayPaymentRow) => Promise<'settled' | 'pending'>;

/** Each configured gateway's check; a gateway adds itself here. */
export const GATEWAY_CHECKS: Partial<Record<GatewayMethod, CheckAttempt>> = {
  sslcommerz: checkSslcommerz,
  'bkash-checkout': checkBkashAttempt,
};
