import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { todayIn } from '@visa/shared/dates';
import { type Ledger, MONEY_TEXTS as T, type NewEntryInput, WALLET_TRANSACTION_ID } from '@visa/shared/money';
import { ERASURE_TEXTS } from '@visa/shared/retention';
import type { AppContext } from '../../../context.js';
import { type Db, isUniqueViolation } from '../../../db/connection.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, badRequest, conflict } from '../../../lib/http-error.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { staffNamesOf } from '../staff-accounts/repository.js';
import * as repo from './repository.js';
import { appendEntry, recordPayment, reverseEntry } from './service.js';
import { toLedger } from './view.js';

/** Staff's side of the ledger (ADR 0084): the file's money, entries added, entries reversed. */

type MoneyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

const today = (ctx: MoneyContext) => todayIn(ctx.config.APP_TIMEZONE, clockOf(ctx)());

export async function getLedger(ctx: MoneyContext, applicationId: string, db: Db = ctx.db): Promise<Ledger> {
  if (!(await repo.findPayer(db, applicationId))) throw new HttpError(404, APPLICANT_FILE_TEXTS.applicationNotFound);
  const [rows, receipts, balance, pending] = await Promise.all([
    repo.listEntries(db, applicationId),
    repo.receiptsOf(db, applicationId),
    repo.balanceOf(db, applicationId),
    repo.pendingRefundsOf(db, applicationId),
  ]);
  const names = await staffNamesOf(
    db,
    rows.map((r) => r.created_by),
  );
  return {
    ...toLedger(applicationId, rows, receipts, names, balance),
    pendingRefunds: pending.map((p) => ({ paymentId: p.payment_id, amountMinor: Number(p.amount_minor), since: p.claimed_at })),
  };
}

/** The application must hold its personal data: nothing new is recorded for an erased applicant. */
async function livePayer(db: Db, applicationId: string): Promise<void> {
  const payer = await repo.findPayer(db, applicationId);
  if (!payer) throw new HttpError(404, APPLICANT_FILE_TEXTS.applicationNotFound);
  if (payer.erased) throw conflict(ERASURE_TEXTS.erased);
}

/**
 * A charge, a discount or a payment taken by staff, with its audit row, in one transaction. The
 * ledger is read back after the commit: a payment's transaction holds its fiscal year's receipt
 * counter, on which every other receipt of the office waits, so it holds it no longer than it must.
 */
export async function addEntry(ctx: MoneyContext, actor: Actor, applicationId: string, input: NewEntryInput): Promise<Ledger> {
  const at = clockOf(ctx)();
  if (input.occurredOn > today(ctx)) throw badRequest(T.dateAhead, [{ path: 'occurredOn', message: T.dateAhead }]);
  await ctx.db.transaction().execute(async (trx) => {
    await livePayer(trx, applicationId);
    const common = { applicationId, amountMinor: input.amountMinor, occurredOn: input.occurredOn, actorId: actor._id, at };
    let entryId: string;
    if (input.kind === 'payment') {
      const wallet = WALLET_TRANSACTION_ID[input.method as keyof typeof WALLET_TRANSACTION_ID];
      const transactionId = input.transactionId?.toUpperCase() || null;
      if (wallet && (!transactionId || !wallet.pattern.test(transactionId)))
        throw badRequest(wallet.message, [{ path: 'transactionId', message: wallet.message }]);
      const { entry } = await recordPayment(trx, {
        ...common,
        method: input.method,
        transactionId: wallet ? transactionId : null,
        methodRef: wallet ? null : (input.reference ?? null),
        description: input.description ?? '',
        issuedOn: today(ctx),
      });
      entryId = entry.id;
    } else {
      const entry = await appendEntry(trx, {
        ...common,
        kind: input.kind,
        currency: input.kind === 'charge' ? input.currency : 'BDT',
        rateMicros: input.kind === 'charge' ? (input.rateMicros ?? null) : null,
        description: input.description,
        feeCode: input.kind === 'charge' ? (input.feeCode ?? null) : null,
      });
      entryId = entry.id;
    }
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.money.entry,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
      details: { entryId, kind: input.kind, amountMinor: input.amountMinor },
    });
  });
  return getLedger(ctx, applicationId);
}

/** A credit note undoing one entry (super-admins), with its audit row. */
export async function reverse(ctx: MoneyContext, actor: Actor, applicationId: string, entryId: string, reason: string): Promise<Ledger> {
  const at = clockOf(ctx)();
  try {
    return await reverseOnce(ctx, actor, applicationId, entryId, reason, at);
  } catch (err) {
    // Two reversals at once: on PostgreSQL both may find none yet, and the second's insert meets the unique column.
    if (isUniqueViolation(err, 'reverses_id')) throw conflict(T.alreadyReversed);
    throw err;
  }
}

async function reverseOnce(ctx: MoneyContext, actor: Actor, applicationId: string, entryId: string, reason: string, at: Date) {
  return ctx.db.transaction().execute(async (trx) => {
    const reversal = await reverseEntry(trx, {
      applicationId,
      entryId,
      description: reason,
      occurredOn: today(ctx),
      actorId: actor._id,
      at,
    });
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.money.reversal,
      entity: AUDIT_ENTITIES.application,
      entityId: applicationId,
      details: { entryId, reversalId: reversal.id, reason },
    });
    return getLedger(ctx, applicationId, trx);
  });
}
