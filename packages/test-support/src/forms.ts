import type { ApplicationFormValues } from '@visa/shared/applications';
import form from './applicant-form.json' with { type: 'json' };

/**
 * One applicant's add-application form, every field valid, as the office types it (kept as JSON so
 * the benchmarks' plain-JavaScript drills read the same one). Tests that store it need a unique
 * email and passport: `applicationFields` (applications.ts) gives those.
 */
export const APPLICANT_FORM: Readonly<Record<keyof ApplicationFormValues, string>> = form;
