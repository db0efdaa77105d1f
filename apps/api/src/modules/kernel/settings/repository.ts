import { z } from 'zod';
import { DEFAULT_CHECKLISTS, DEFAULT_GRACE_DAYS, DocumentRequestSettingsSchema } from '@visa/shared/document-requests';
import { EMPTY_OFFICE_CONTACT, OfficeContactSchema } from '@visa/shared/office-contact';
import { DEFAULT_RETENTION, RetentionSettingsSchema } from '@visa/shared/retention';
import { DEFAULT_MESSAGE_SETTINGS, MessageSettingsSchema } from '@visa/shared/notices';
import { CaseSettingsSchema, DEFAULT_CASE_SETTINGS } from '@visa/shared/case-settings';
import { DEFAULT_FEE_SCHEDULE, FeeScheduleSchema } from '@visa/shared/money';
import { DEFAULT_PAY_LINK_SETTINGS, PayLinkSettingsSchema } from '@visa/shared/pay-links';
import { DEFAULT_RECEIPT_SETTINGS, ReceiptSettingsSchema } from '@visa/shared/money-receipts';
import { DEFAULT_FINANCIAL_RETENTION, FinancialRetentionSchema } from '@visa/shared/money-reports';
import type { Db } from '../../../db/connection.js';
import { nowIso } from '../../../db/connection.js';

/**
 * Office-wide settings (ADR 0019): one row per key with a JSON value. Each key is declared here
 * once with its schema and default, so a reader always gets a typed, valid value (the default when
 * the row is missing or no longer parses) and a writer can only store what the schema allows.
 */
const SETTINGS = {
  requireSecondFactor: { schema: z.boolean(), default: false },
  // The office's address, phone, email, hours and map link for the public site (ADR 0025).
  officeContact: { schema: OfficeContactSchema, default: EMPTY_OFFICE_CONTACT },
  // Status messages by SMS and WhatsApp: channels, templates, quiet hours, daily limits (ADR 0044).
  messages: { schema: MessageSettingsSchema, default: DEFAULT_MESSAGE_SETTINGS },
  // Checklists per visa type, how long a link works after its due date (ADR 0046), and who is
  // told when an applicant sends files (ADR 0069).
  documentRequests: {
    schema: DocumentRequestSettingsSchema,
    default: { checklists: DEFAULT_CHECKLISTS, graceDays: DEFAULT_GRACE_DAYS, uploadAlerts: 'sender' as const },
  },
  // How long finished and untouched applications keep their personal data (ADR 0052).
  retention: { schema: RetentionSettingsSchema, default: DEFAULT_RETENTION },
  // Whether adding an application needs the applicant's agreement to the privacy notice (ADR 0053).
  privacyConsentRequired: { schema: z.boolean(), default: false },
  // The case's stages in order, the days each IRCC letter gives, reminders and the digest hour (ADR 0077).
  caseWork: { schema: CaseSettingsSchema, default: DEFAULT_CASE_SETTINGS },
  // The office's fees per visa type, IRCC's own to start with (ADR 0084).
  fees: { schema: FeeScheduleSchema, default: DEFAULT_FEE_SCHEDULE },
  // How many days a payment link works (ADR 0091).
  payLinks: { schema: PayLinkSettingsSchema, default: DEFAULT_PAY_LINK_SETTINGS },
  // The office's BIN and VAT rate: once a BIN is entered, receipts are Mushak-6.3 tax invoices (ADR 0088).
  receiptSettings: { schema: ReceiptSettingsSchema, default: DEFAULT_RECEIPT_SETTINGS },
  // How many years financial records stay after the applicant's personal data goes (ADR 0092).
  financialRetention: { schema: FinancialRetentionSchema, default: DEFAULT_FINANCIAL_RETENTION },
} as const;

type Settings = typeof SETTINGS;
export type SettingKey = keyof Settings;
export type SettingValue<K extends SettingKey> = z.infer<Settings[K]['schema']>;

export async function getSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return settingFromText(key, row?.value ?? null);
}

/** A setting's value from its stored text (read along with something else), the default when it is missing or no longer parses. */
export function settingFromText<K extends SettingKey>(key: K, text: string | null): SettingValue<K> {
  const definition = SETTINGS[key];
  const fallback = definition.default as SettingValue<K>;
  if (text === null) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fallback;
  }
  const parsed = definition.schema.safeParse(value);
  return parsed.success ? (parsed.data as SettingValue<K>) : fallback;
}

/**
 * A setting's stored text, unparsed, or null when it was never set: cheap enough to read on every
 * page served, and it changes exactly when the setting does, so it versions what is built from it.
 */
export async function getSettingText(db: Db, key: SettingKey): Promise<string | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** What a writer may also give: the schema's input, its defaults filled in as it is parsed. */
type SettingInput<K extends SettingKey> = z.input<Settings[K]['schema']>;

export async function setSetting<K extends SettingKey>(
  db: Db,
  key: K,
  value: SettingValue<K> | SettingInput<K>,
  updatedBy: string | null,
): Promise<void> {
  const json = JSON.stringify(SETTINGS[key].schema.parse(value));
  const now = nowIso();
  await db
    .insertInto('app_settings')
    .values({ key, value: json, updated_at: now, updated_by: updatedBy })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now, updated_by: updatedBy }))
    .execute();
}
