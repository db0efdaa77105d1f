import { z } from 'zod';

/**
 * Paying through bKash's tokenized checkout from a payment link (ADR 0090): the pay page posts
 * the link's token as a bearer header and sends the payer to the address answered; bKash sends
 * the payer back to the callback, which answers the pay page's result.
 */

const PAY_LANGUAGES = ['en', 'bn'] as const;

/** The pay page's language, so the payer comes back to the page they left; English when no body is sent. */
export const StartBkashSchema = z.object({ language: z.enum(PAY_LANGUAGES).default('en') }).nullish();

export const BkashRedirectSchema = z.object({ redirectUrl: z.url() });

/** What bKash adds to the callback address: its paymentID and how the payer left its page. */
export const BkashCallbackQuerySchema = z.object({
  paymentID: z.string().min(1).max(100),
  status: z.enum(['success', 'failure', 'cancel']),
  signature: z.string().max(500).optional(),
  apiVersion: z.string().max(40).optional(),
});

export const BkashCallbackParamsSchema = z.object({ language: z.enum(PAY_LANGUAGES) });

/** What the payer is told when bKash cannot be used. */
export const BKASH_TEXTS = {
  off: 'Paying with bKash is not available at the moment.',
  notStarted: 'bKash could not start the payment. Please try again in a few minutes.',
  refundRefused: (words: string) => `bKash did not make the refund: ${words}`,
  noAnswer: 'bKash did not answer in time. Please try again in a few minutes.',
} as const;
