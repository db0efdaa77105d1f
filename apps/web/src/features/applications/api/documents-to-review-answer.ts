import { z } from 'zod';

/** The answer's shape, in a module of its own that documents-to-review.ts loads with the first answer (ADR 0111). */
export const DocumentsToReviewAnswer = z.object({ count: z.number(), applications: z.number() });
