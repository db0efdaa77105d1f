import type { PayGateway } from '@visa/shared/pay-page';
import type { Config } from '../../../config.js';
import { bkashCredentialsOf } from '../../../infra/payment-gateways/bkash.js';
import { sslcommerzStore } from '../../../infra/payment-gateways/sslcommerz.js';

/** The gateways a payer is offered (ADR 0091): those whose credentials are configured, each by its own client's rule. */
export function enabledGateways(config: Config): PayGateway[] {
  const on: PayGateway[] = [];
  if (bkashCredentialsOf(config)) on.push('bkash');
  if (sslcommerzStore(config)) on.push('sslcommerz');
  return on;
}
