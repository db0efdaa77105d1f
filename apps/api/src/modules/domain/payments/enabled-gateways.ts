import type { PayGateway } from '@visa/shared/pay-page';
import type { Config } from '../../../config.js';

/**
 * The gateways a payer is offered (ADR 0091): those whose credentials are configured. Read as
 * optional, so this file does not depend on which gateway's settings the configuration declares.
 */
export function enabledGateways(config: Config): PayGateway[] {
  const keys = config as Config & { SSLCOMMERZ_STORE_ID?: string; BKASH_APP_KEY?: string };
  const on: PayGateway[] = [];
  if (keys.BKASH_APP_KEY) on.push('bkash');
  if (keys.SSLCOMMERZ_STORE_ID) on.push('sslcommerz');
  return on;
}
