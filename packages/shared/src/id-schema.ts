import { z } from 'zod';
import { ID_PATTERN } from './ids.js';
import { VALIDATION } from './ui-texts.js';

/** An id in a request or an answer, as the schemas check it (the rule is in ids.ts). */
export const IdSchema = z.string().regex(ID_PATTERN, VALIDATION.invalidId);
export const IdParamsSchema = z.object({ id: IdSchema });
