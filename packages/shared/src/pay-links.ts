import { z } from 'zod';
import { PAY_GATEWAYS } from './pay-page.js';

/** Payment links (ADR 0091): the setting of their life, what staff are answered, what the pay page is answered. */

/** How many days a payment link works: a week by default, a month at most. */
export const PayLinkSettingsSchema = z.object({
  lifeDays: z.number().int().min(1, 'A link works at least a day.').max(30, 'A link works at most 30 days.'),
});
export type PayLinkSettings = z.infer<typeof PayLinkSettingsSchema>;
export const DEFAULT_PAY_LINK_SETTINGS: PayLinkSettings = { lifeDays: 7 };

/** Staff's answer: until when the link works and where it went; never the link itself. */
export const PayLinkSentSchema = z.object({
  expiresAt: z.string(),
  channels: z.array(z.enum(['email', 'sms', 'whatsapp'])),
});
export type PayLinkSent = z.infer<typeof PayLinkSentSchema>;

export const PayPageSchema = z.object({
  firstName: z.string(),
  dueMinor: z.number().int(),
  office: z.object({ name: z.object({ en: z.string(), bn: z.string() }) }),
  gateways: z.array(z.enum(PAY_GATEWAYS)),
});

/** Staff messages of payment links. */
export const PAY_LINK_TEXTS = {
  nothingDue: 'Nothing is due on this application: there is nothing to pay by link.',
  noChannel: 'The applicant agreed to no channel the link can go by (email, SMS or WhatsApp): nothing was sent.',
} as const;
