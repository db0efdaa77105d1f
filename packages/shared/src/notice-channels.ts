/**
 * The channels a notice can go on, which the applicant agrees to on the application forms (their
 * `notify` field, ADR 0044). Part of notices.ts, which re-exports them, but a file of its own: the
 * application forms take the list without the templates and schemas, which every staff page would
 * otherwise download.
 */
export const NOTIFY_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
/** Channels that carry a text to a phone; email keeps its own outbox and texts. */
export type PhoneChannel = Exclude<NotifyChannel, 'email'>;
export const PHONE_CHANNELS = ['sms', 'whatsapp'] as const satisfies readonly PhoneChannel[];

/** What an application agreed to before the applicant was asked (and what a new one gets by default). */
export const DEFAULT_NOTIFY: NotifyChannel[] = ['email'];
