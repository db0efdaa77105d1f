import { z } from 'zod';
import { SessionEndReasonSchema } from './session.js';

/** The one JSON error shape (docs/product.md#api-conventions). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** On a 401 for a session that has ended: why (ADR 0018); the message stays the same. */
  reason: SessionEndReasonSchema.optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
