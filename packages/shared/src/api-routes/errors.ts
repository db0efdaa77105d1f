import { ErrorBodySchema } from '../errors.js';

/** The error answers a route documents, each the one JSON error shape. */
export const errors = <C extends number>(...codes: C[]) =>
  Object.fromEntries(codes.map((code) => [code, ErrorBodySchema])) as Record<C, typeof ErrorBodySchema>;
