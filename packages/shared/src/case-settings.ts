import { z } from 'zod';
import { TrimmedText } from './case-work.js';
import { BUILT_IN_STAGES, type LetterKind, STAGE_LABELS } from './case-words.js';
import { addDays } from './dates.js';

/** The office's case settings (ADR 0077): its stages in order, the days each letter gives, reminders and the digest hour. */

/** An office's own stage: `custom-` and a short slug. */
const CUSTOM_STAGE = /^custom-[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const StageKeySchema = z
  .string()
  .max(40)
  .refine((v) => (BUILT_IN_STAGES as readonly string[]).includes(v) || CUSTOM_STAGE.test(v), 'Please choose a stage from the list.');
export type StageKey = string;

/** Default rule: days a letter gives, by kind; null means the letter names its own deadline. */
export const DEFAULT_LETTER_DAYS: Record<LetterKind, number | null> = {
  biometrics: 30,
  medical: 30,
  documents: null,
  fairness: null,
  passport: 30,
};
export const DEFAULT_REMINDER_DAYS = [21, 7, 2];
export const DEFAULT_DIGEST_HOUR = '08:00';

const StageSettingSchema = z.object({
  key: StageKeySchema,
  en: TrimmedText(60).min(1),
  bn: TrimmedText(60).min(1),
  hidden: z.boolean().default(false),
});
export type StageSetting = z.infer<typeof StageSettingSchema>;

export const DEFAULT_STAGES: StageSetting[] = BUILT_IN_STAGES.map((key) => ({ key, ...STAGE_LABELS[key], hidden: false }));

const LetterDaysSchema = z.number().int().min(1).max(365).nullable();

/** The office's case settings: its stages in order, the days each letter gives, reminders and the digest hour. */
export const CaseSettingsSchema = z
  .object({
    stages: z.array(StageSettingSchema).min(1).max(30),
    letterDays: z.object({
      biometrics: LetterDaysSchema,
      medical: LetterDaysSchema,
      documents: LetterDaysSchema,
      fairness: LetterDaysSchema,
      passport: LetterDaysSchema,
    }),
    /** Days before a deadline the applicant is reminded, e.g. [21, 7, 2]. */
    reminderDays: z.array(z.number().int().min(0).max(90)).max(6),
    /** Local time (APP_TIMEZONE) each staff member's digest is sent. */
    digestHour: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter a time as HH:MM.'),
  })
  .refine((s) => new Set(s.stages.map((stage) => stage.key)).size === s.stages.length, {
    message: 'Each stage may appear once.',
    path: ['stages'],
  })
  .refine((s) => BUILT_IN_STAGES.every((key) => s.stages.some((stage) => stage.key === key)), {
    message: 'IRCC’s stages may be hidden but not removed.',
    path: ['stages'],
  })
  .refine((s) => s.stages.some((stage) => stage.key === 'decision' && !stage.hidden), {
    message: 'The decision stage cannot be hidden.',
    path: ['stages'],
  });
export type CaseSettings = z.infer<typeof CaseSettingsSchema>;

export const DEFAULT_CASE_SETTINGS: CaseSettings = {
  stages: DEFAULT_STAGES,
  letterDays: { ...DEFAULT_LETTER_DAYS },
  reminderDays: [...DEFAULT_REMINDER_DAYS],
  digestHour: DEFAULT_DIGEST_HOUR,
};

/** A letter's deadline by the office's rule; null when the rule leaves it to the letter. */
export const ruleDeadline = (kind: LetterKind, letterDate: string, settings: Pick<CaseSettings, 'letterDays'>): string | null => {
  const days = settings.letterDays[kind];
  return days === null ? null : addDays(letterDate, days);
};

/** An office stage's key from its English name: `custom-` and a slug; null when the name has no letters or digits. */
export function customStageKey(name: string): string | null {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return slug ? `custom-${slug}` : null;
}
