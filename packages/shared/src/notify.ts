/**
 * The channels an applicant can agree to be told on (ADR 0044), on their own so the application
 * forms take them without the status messages' templates and schemas (text-messages.ts).
 */
export const NOTIFY_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
/** Channels that carry a text to a phone; email keeps its own outbox and texts. */
export type PhoneChannel = Exclude<NotifyChannel, 'email'>;
export const PHONE_CHANNELS = ['sms', 'whatsapp'] as const satisfies readonly PhoneChannel[];

/** What an application agreed to before the applicant was asked (and what a new one gets by default). */
export const DEFAULT_NOTIFY: NotifyChannel[] = ['email'];
