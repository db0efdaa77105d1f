import type { Db } from '../../../db/connection.js';
import { getSetting } from '../../kernel/settings/repository.js';
import * as repo from './retention-repository.js';

/** Applications whose money goes in one transaction: a long backlog never holds the database for long. */
const BATCH = 200;

/** The instant `years` calendar years before `now` (29 February falls back to 1 March). */
const yearsBefore = (now: Date, years: number): string => {
  const then = new Date(now.getTime());
  then.setUTCFullYear(then.getUTCFullYear() - years);
  return then.toISOString();
};

/**
 * The end of financial records (ADR 0092), run by the daily retention job: the ledger entries,
 * receipts, balances, transaction IDs and gateway attempts of applications erased, or deleted,
 * longer ago than the office keeps its books (the setting `financialRetention`), in batches.
 */
export async function purgeFinancialRecords(db: Db, now: Date, signal?: AbortSignal) {
  const { years } = await getSetting(db, 'financialRetention');
  const before = yearsBefore(now, years);
  const closed = await repo.closeDeleted(db, now.toISOString());
  let applications = 0;
  let entries = 0;
  for (const pick of [repo.erasedHoldingMoney, repo.deletedClosedBefore]) {
    for (;;) {
      if (signal?.aborted) break;
      const ids = await pick(db, before, BATCH);
      if (ids.length === 0) break;
      entries += await db.transaction().execute((trx) => repo.deleteMoneyOf(trx, ids));
      applications += ids.length;
    }
  }
  return { moneyClosed: closed, moneyPurged: applications, entriesPurged: entries };
}
