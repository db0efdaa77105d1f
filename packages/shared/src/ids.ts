/**
 * Ids are 24 lowercase hex characters (docs/product.md#data). The rule without zod, so that a page
 * can check an id without building schemas (ADR 0111); id-schema.ts has it as the API's schema.
 */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const isValidId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);
