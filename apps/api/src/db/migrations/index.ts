import type { Migration } from 'kysely';
import * as initial from './20261121T120000-initial.js';

/** Every migration, by timestamped name. Append only: released migrations are frozen. */
export const migrations: Record<string, Migration> = {
  '20261121T120000-initial': initial,
};
