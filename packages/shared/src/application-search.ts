import { z } from 'zod';
import { APPLICATION_TEXTS } from './application-texts.js';
import { SEARCH_MAX, SEARCH_PATTERN } from './application-search-rule.js';

/**
 * The search as the API reads it, from the rule the list checks as it is typed
 * (application-search-rule.ts): trimmed, at most SEARCH_MAX characters, only SEARCH_PATTERN's.
 */
export const ApplicationSearchSchema = z
  .string({ error: APPLICATION_TEXTS.invalidSearch })
  .trim()
  .max(SEARCH_MAX, APPLICATION_TEXTS.invalidSearch)
  .regex(SEARCH_PATTERN, APPLICATION_TEXTS.invalidSearch);
