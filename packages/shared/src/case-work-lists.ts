import { z } from 'zod';
import { StaffRefSchema } from './case-work.js';
import { LETTER_KINDS } from './case-words.js';

/** The work lists of case work (ADR 0077, ADR 0081): the open letters due, by whose they are. */

/** One open letter on a work list: what is due, for whom, by when, and who owns it. */
export const WorkItemSchema = z.object({
  letterId: z.string(),
  applicationId: z.string(),
  /** The applicant's given name and surname, for staff only. */
  givenName: z.string(),
  surname: z.string(),
  kind: z.enum(LETTER_KINDS),
  deadline: z.string(),
  owner: StaffRefSchema,
  stage: z.string(),
});
export type WorkItem = z.infer<typeof WorkItemSchema>;

/** Whose work: the signed-in member's letters, or everyone's (super-admins). */
export const WorkQuerySchema = z.object({
  who: z.enum(['me', 'everyone'], { error: 'Please choose whose work to show: me or everyone.' }).default('me'),
});

export const WorkListSchema = z.object({
  /** Today in the office's time zone, the day the lists are cut by. */
  today: z.string(),
  overdue: z.array(WorkItemSchema),
  dueToday: z.array(WorkItemSchema),
  dueThisWeek: z.array(WorkItemSchema),
  /** More letters are due than a list shows. */
  capped: z.boolean(),
});
export type WorkList = z.infer<typeof WorkListSchema>;

export const WORK_TEXTS = {
  everyoneIsOwners: 'Only a super-admin can see everyone’s work.',
} as const;
