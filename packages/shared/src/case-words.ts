/**
 * The case's words and lists without its schemas (ADR 0077): what a staff page that only names a
 * stage, a letter or where a passport is needs, kept apart from case-work.ts so that such a page
 * carries none of the case's zod schemas. case-work.ts re-exports all of it.
 */

/** A stage as the office names it. */
interface StageWords {
  key: string;
  en: string;
  bn: string;
}

/** IRCC's stages, in their usual order; the office may reorder, rename or hide them, and add its own. */
export const BUILT_IN_STAGES = ['preparing', 'submitted', 'biometrics', 'medical', 'documents', 'passport', 'decision'] as const;
export type BuiltInStage = (typeof BUILT_IN_STAGES)[number];

/** Letters IRCC sends, each a deadline the office must meet. */
export const LETTER_KINDS = ['biometrics', 'medical', 'documents', 'fairness', 'passport'] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

export const STAGE_LABELS: Record<BuiltInStage, { en: string; bn: string }> = {
  preparing: { en: 'Preparing the file', bn: 'ফাইল প্রস্তুত হচ্ছে' },
  submitted: { en: 'Submitted to IRCC', bn: 'IRCC-তে জমা দেওয়া হয়েছে' },
  biometrics: { en: 'Biometrics', bn: 'বায়োমেট্রিক্স' },
  medical: { en: 'Medical exam', bn: 'মেডিকেল পরীক্ষা' },
  documents: { en: 'More documents for IRCC', bn: 'IRCC-র জন্য আরও কাগজপত্র' },
  passport: { en: 'Passport request', bn: 'পাসপোর্ট অনুরোধ' },
  decision: { en: 'Decision', bn: 'সিদ্ধান্ত' },
};

export const LETTER_LABELS: Record<LetterKind, string> = {
  biometrics: 'Biometric instruction letter',
  medical: 'Medical instructions',
  documents: 'Documents requested by IRCC',
  fairness: 'Procedural fairness letter',
  passport: 'Passport request',
};

/** A stage's words by the office's settings; a key the settings no longer hold reads as itself. */
export function stageLabel(key: string, settings: { stages: readonly StageWords[] }, language: 'en' | 'bn' = 'en'): string {
  const stage = settings.stages.find((s) => s.key === key);
  if (stage) return stage[language];
  return (STAGE_LABELS as Record<string, { en: string; bn: string } | undefined>)[key]?.[language] ?? key;
}

/** How many letters a work list shows at most; the totals count all. */
export const WORK_LIST_MAX = 500;

export const PASSPORT_HOLDERS = ['applicant', 'office', 'vfs', 'returned'] as const;
export type PassportHolder = (typeof PASSPORT_HOLDERS)[number];

export const PASSPORT_HOLDER_LABELS: Record<PassportHolder, string> = {
  applicant: 'With the applicant',
  office: 'At the office',
  vfs: 'At VFS',
  returned: 'Returned to the applicant',
};
