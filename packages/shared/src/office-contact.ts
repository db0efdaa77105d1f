import { z } from 'zod';
import { OFFICE_CONTACT, VALIDATION } from './ui-texts.js';
import type { OfficeContactView } from './office-contact-view.js';
import { formatPhone, toE164 } from './phone.js';

/**
 * The office's contact details the owner sets in Settings (docs/product.md#office-contact, ADR
 * 0025). Every field may be empty ("not set"); the public site shows only what is set.
 */
export const OFFICE_CONTACT_LIMITS = { address: 300, hours: 200, email: 254, mapUrl: 500 } as const;

/** Windows line endings and spaces at line ends are noise; more than one empty line in a row too. */
const normaliseLines = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const multiLine = (max: number, message: string) =>
  z.string({ error: message }).transform(normaliseLines).pipe(z.string().max(max, message));

/**
 * `https://`, a host name (letters, digits, dashes and dots; no user name), an optional port, then
 * anything but spaces, quotes, angle brackets and backslashes. Written out rather than parsed with
 * URL, which shared code cannot count on in every place it runs.
 */
const HTTPS_URL = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#][^\s<>"'`\\]*)?$/i;
const isHttpsUrl = (value: string) => HTTPS_URL.test(value);

const inputFields = {
  address: multiLine(OFFICE_CONTACT_LIMITS.address, OFFICE_CONTACT.addressTooLong),
  addressBn: multiLine(OFFICE_CONTACT_LIMITS.address, OFFICE_CONTACT.addressTooLong),
  hours: multiLine(OFFICE_CONTACT_LIMITS.hours, OFFICE_CONTACT.hoursTooLong),
  hoursBn: multiLine(OFFICE_CONTACT_LIMITS.hours, OFFICE_CONTACT.hoursTooLong),
  phone: z
    .string({ error: VALIDATION.phone })
    .max(40, VALIDATION.phone)
    .transform((typed, ctx) =>
      typed.trim() === '' ? '' : (toE164(typed) ?? (ctx.addIssue({ code: 'custom', message: VALIDATION.phone }), z.NEVER)),
    ),
  email: z
    .string({ error: VALIDATION.email })
    .trim()
    .toLowerCase()
    .pipe(
      z.union([z.literal(''), z.email(VALIDATION.email).max(OFFICE_CONTACT_LIMITS.email, VALIDATION.email)], { error: VALIDATION.email }),
    ),
  mapUrl: z
    .string({ error: OFFICE_CONTACT.mapUrl })
    .trim()
    .max(OFFICE_CONTACT_LIMITS.mapUrl, OFFICE_CONTACT.mapUrlTooLong)
    .refine((v) => v === '' || isHttpsUrl(v), OFFICE_CONTACT.mapUrl),
};

/** What the Settings form sends: text as typed (a missing field is an empty one); the phone becomes E.164. */
export const OfficeContactInputSchema = z.object({
  address: inputFields.address.default(''),
  addressBn: inputFields.addressBn.default(''),
  hours: inputFields.hours.default(''),
  hoursBn: inputFields.hoursBn.default(''),
  phone: inputFields.phone.default(''),
  email: inputFields.email.default(''),
  mapUrl: inputFields.mapUrl.default(''),
});
export type OfficeContactInput = z.input<typeof OfficeContactInputSchema>;

/** What is stored: the same fields after the input rules, the phone in E.164. */
export const OfficeContactSchema = z.object({
  address: z.string().max(OFFICE_CONTACT_LIMITS.address),
  addressBn: z.string().max(OFFICE_CONTACT_LIMITS.address),
  hours: z.string().max(OFFICE_CONTACT_LIMITS.hours),
  hoursBn: z.string().max(OFFICE_CONTACT_LIMITS.hours),
  phone: z.string().regex(/^(\+[1-9]\d{5,14})?$/),
  email: z.string().max(OFFICE_CONTACT_LIMITS.email),
  mapUrl: z
    .string()
    .max(OFFICE_CONTACT_LIMITS.mapUrl)
    .refine((v) => v === '' || isHttpsUrl(v)),
});
export type OfficeContact = z.infer<typeof OfficeContactSchema>;

export const EMPTY_OFFICE_CONTACT: OfficeContact = { address: '', addressBn: '', hours: '', hoursBn: '', phone: '', email: '', mapUrl: '' };

/** The public read: the stored details and the phone as people read it, nothing else. */
export const OfficeContactViewSchema = OfficeContactSchema.extend({ phoneDisplay: z.string() });

export const toOfficeContactView = (contact: OfficeContact): OfficeContactView => ({
  ...contact,
  phoneDisplay: contact.phone ? formatPhone(contact.phone) : '',
});
