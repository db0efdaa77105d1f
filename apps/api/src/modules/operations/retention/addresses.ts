import type { Db } from '../../../db/connection.js';
import { forgetClientsBefore } from '../../kernel/audit/repository.js';
import { forgetSessionAddressesBefore } from '../../domain/sessions/repository.js';
import { deleteStaleCounters } from '../../kernel/rate-limits/repository.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Client addresses are kept CLIENT_ADDRESS_RETENTION_DAYS (ADR 0052): sessions drop theirs, audit
 * entries their keyed hash of it, and rate-limit counters (keyed hashes too) go whatever their scope.
 */
export async function forgetOldAddresses(db: Db, days: number, now: Date) {
  const before = new Date(now.getTime() - days * DAY_MS);
  return {
    sessionAddresses: await forgetSessionAddressesBefore(db, before),
    auditAddresses: await forgetClientsBefore(db, before),
    addressCounters: await deleteStaleCounters(db, before),
  };
}
