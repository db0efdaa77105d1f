import path from 'node:path';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import { normalizePassport } from '@visa/shared/applications';
import { ERASURE_TEXTS, type EraseApplicationInput, type ExpiredApplication, type RetentionPreview } from '@visa/shared/retention';
import type { Db } from '../../../db/connection.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { HttpError, badRequest, notFound } from '../../../lib/http-error.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { type ErasureDeps, erasePersonalData } from './erase.js';
import { ERASURE_LOG_NAME, readErasures } from './erasure-log.js';
import { removeUnheldMail } from './leftovers.js';
import { findExpired } from './rules.js';
import { findForErasure, notYetErased } from './repository.js';

/**
 * What the next run would erase at `now`, with counts per rule: every application, or with
 * `shown` only that many of them (earliest expiry first), the counts still of all.
 */
export async function previewRetention(db: Db, now: Date, shown = Infinity): Promise<RetentionPreview> {
  const applications = await findExpired(db, await getSetting(db, 'retention'), now);
  const count = (rule: ExpiredApplication['rule']) => applications.filter((a) => a.rule === rule).length;
  return {
    applications: applications.length > shown ? applications.slice(0, shown) : applications,
    counts: {
      rejected: count('rejected'),
      approved: count('approved'),
      pending: count('pending'),
      withdrawn: count('withdrawn'),
      total: applications.length,
    },
  };
}

/**
 * Erases again every application the erasure log names that is back with its personal data: after
 * a restore of a backup taken before the erasure, or a crash between the log and the database.
 */
export async function replayErasures(deps: ErasureDeps, now: Date): Promise<string[]> {
  const files = [dataDirLayout(deps.dataDir).erasures, ...(deps.backupDir ? [path.join(deps.backupDir, ERASURE_LOG_NAME)] : [])];
  const entries = (await Promise.all(files.map(readErasures))).flat();
  const logged = [...new Set(entries.map((e) => e.id))];
  const back = await notYetErased(deps.db, logged);
  const replayed: string[] = [];
  for (const id of back) {
    const audit = { actorUserId: null, action: AUDIT_ACTIONS.application.erasedByRetention, details: { rule: 'erasure-log' } };
    if (await erasePersonalData(deps, id, now, audit)) replayed.push(id);
  }
  return replayed;
}

export interface RetentionRunOptions {
  now: Date;
  dryRun?: boolean;
  /** Told of each application as it is erased, in order, with its place in the list. */
  onItem?: (item: ExpiredApplication, index: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * One retention run: the erasure log replayed, mail files no message holds removed, then every
 * expired application erased (a dry run only lists them). Answers the list and how many were erased.
 */
export async function runRetention(deps: ErasureDeps, options: RetentionRunOptions) {
  const { now, dryRun = false } = options;
  const replayed = dryRun ? [] : await replayErasures(deps, now);
  if (!dryRun) await removeUnheldMail(deps.db, deps.dataDir);
  const { applications, counts } = await previewRetention(deps.db, now);
  let erased = 0;
  if (!dryRun) {
    for (const [index, item] of applications.entries()) {
      if (options.signal?.aborted) break;
      const audit = {
        actorUserId: null,
        action: AUDIT_ACTIONS.application.erasedByRetention,
        details: { rule: item.rule, expiredOn: item.expiredOn },
      };
      if (await erasePersonalData(deps, item._id, now, audit)) erased += 1;
      options.onItem?.(item, index, applications.length);
    }
  }
  return { applications, counts, erased, replayed: replayed.length };
}

/**
 * A super-admin erases one applicant now: the reason is kept in the history, the typed passport
 * number (the confirmation) is only compared, never stored or logged.
 */
export async function eraseApplication(deps: ErasureDeps, actorUserId: string, id: string, input: EraseApplicationInput, now: Date) {
  const row = await findForErasure(deps.db, id);
  if (!row) throw notFound();
  if (row.anonymised_at) throw new HttpError(409, ERASURE_TEXTS.alreadyErased);
  if (normalizePassport(input.confirmation) !== row.passport) {
    throw badRequest(ERASURE_TEXTS.confirmationWrong, [{ path: 'confirmation', message: ERASURE_TEXTS.confirmationWrong }]);
  }
  const audit = { actorUserId, action: AUDIT_ACTIONS.application.erasedNow, details: { reason: input.reason } };
  if (!(await erasePersonalData(deps, id, now, audit))) throw new HttpError(409, ERASURE_TEXTS.alreadyErased);
}
