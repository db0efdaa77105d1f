import { z } from 'zod';

/**
 * Paying through SSLCommerz from a payment link (ADR 0089): what the pay page sends and gets, the
 * addresses SSLCommerz posts back to, and the words of its refusals (English; the pay page shows
 * its own words for each status).
 */

/** The language the payer reads the pay page in: where they come back to. */
export const PayLanguageSchema = z.enum(['en', 'bn']);
export type PayLanguage = z.infer<typeof PayLanguageSchema>;

export const StartSslcommerzSchema = z.object({ language: PayLanguageSchema.default('en') });

/** SSLCommerz's hosted payment page, where the pay page sends the payer. */
export const StartSslcommerzAnswerSchema = z.object({ redirectUrl: z.string() });

/** What the payer's browser comes back with from SSLCommerz's page. */
export const SSLCOMMERZ_OUTCOMES = ['success', 'fail', 'cancel'] as const;
export const SslcommerzReturnParamsSchema = z.object({ outcome: z.enum(SSLCOMMERZ_OUTCOMES, 'There is no such return address.') });
export const SslcommerzReturnQuerySchema = z.object({ lang: PayLanguageSchema.catch('en').default('en') });

/** A form SSLCommerz posts: names and values as text. */
export const SslcommerzFormSchema = z.record(z.string().max(100), z.string().max(2000));

export const SSLCOMMERZ_TEXTS = {
  off: 'Paying by card or mobile banking is not available at the moment.',
  tooSmall: 'The amount due is less than the 10 taka a card payment must be; please pay it at the office.',
  tooLarge: 'The amount due is more than one card payment may be; please ask the office how to pay it.',
  gatewayRefused: 'SSLCommerz could not start the payment. Please try again later or pay another way.',
  gatewayUnreachable: 'SSLCommerz did not answer. Please try again in a few minutes.',
  badSignature: 'The notification is not signed by SSLCommerz.',
  refundRefused: (reason: string) => `SSLCommerz did not accept the refund: ${reason}`,
  refundUnreachable:
    'SSLCommerz did not answer the refund, so nothing was recorded. It may still have been made: please check the SSLCommerz panel before trying again.',
} as const;
