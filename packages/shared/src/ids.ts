import { z } from 'zod';
import { VALIDATION } from './ui-texts.js';

/** Ids are 24 lowercase hex characters (docs/product.md#data). */
const ID_PATTERN = /^[0-9a-f]{24}$/;

export const isValidId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

export const IdSchema = z.string().regex(ID_PATTERN, VALIDATION.invalidId);
export const IdParamsSchema = z.object({ id: IdSchema });
