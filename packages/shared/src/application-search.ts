import { z } from 'zod';
import { APPLICATION_TEXTS } from './application-texts.js';

/**
 * Search is a prefix of a passport or a name, so only the characters those can hold are
 * accepted; '*', '(', '[', '%', '\\' and friends are refused rather than silently matched. Kept
 * apart from applications.ts, so that the list, which checks what is typed as it is typed, builds
 * this one schema as it starts rather than all of that module's (ADR 0111).
 */
const SEARCH_PATTERN = /^[\p{L}\p{M}\p{N} .'-]*$/u;
export const SEARCH_MAX = 60;

export const ApplicationSearchSchema = z
  .string({ error: APPLICATION_TEXTS.invalidSearch })
  .trim()
  .max(SEARCH_MAX, APPLICATION_TEXTS.invalidSearch)
  .regex(SEARCH_PATTERN, APPLICATION_TEXTS.invalidSearch);
