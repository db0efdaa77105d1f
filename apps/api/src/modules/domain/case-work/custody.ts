import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { CASE_TEXTS, PASSPORT_HOLDERS, type PassportHolder, STEP_STAGE } from '@visa/shared/case-work';
import {
  CUSTODY_TEXTS as T,
  HELD_PASSPORTS_MAX,
  type HeldPassportList,
  type NewHandover,
  type PassportCustody,
  holderAfter,
  holderIsAt,
} from '@visa/shared/passport-custody';
import { todayIn } from '@visa/shared/dates';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, badRequest, conflict } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { noticesWithheld } from '../applicant-notices/may-contact.js';
import * as repo from './custody-repository.js';
import { staffNamesOf } from '../staff-accounts/repository.js';
import { writeStep } from './service.js';

/**
 * Passport custody (ADR 0082): where an applicant's passport is and every handover, with the case
 * steps a handover is (handed in, returned) written in the same transaction.
 */

type CustodyContext = Pick<AppContext, 'db' | 'config' | 'now'>;

const notFound = () => new HttpError(404, APPLICANT_FILE_TEXTS.applicationNotFound);
const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);
const staff = (id: string | null, name: string | null) => (id === null ? null : { _id: id, name: name ?? '' });

export async function passportCustody(ctx: Pick<AppContext, 'db'>, id: string): Promise<PassportCustody> {
  const head = await repo.findCustodyHead(ctx.db, id);
  if (!head) throw notFound();
  const handovers = await repo.listHandovers(ctx.db, id);
  return {
    holder: head.holder,
    handovers: handovers.map((h) => ({
      _id: h.id,
      from: h.from_place,
      to: h.to_place,
      date: h.occurred_on,
      counterpart: h.counterpart,
      note: h.note,
      by: staff(h.recorded_by, h.by_name),
      at: h.recorded_at,
    })),
  };
}

/** The holders a passport can be leaving `from`. */
const holdersAt = (from: NewHandover['from']): PassportHolder[] => PASSPORT_HOLDERS.filter((h) => holderIsAt(h, from));

/**
 * Records a handover. Handing the passport in is the `passport-handed` step (it answers an open
 * passport request); giving it back is `passport-returned`. An applicant who withdrew consent can
 * still have their passport come back to them, but it is not taken in or sent on.
 */
export async function recordHandover(ctx: CustodyContext, actor: Actor, id: string, input: NewHandover): Promise<PassportCustody> {
  if (input.date > todayIn(ctx.config.APP_TIMEZONE, clockOf(ctx)())) throw fieldError('date', CASE_TEXTS.dateInFuture);
  const head = await repo.findCustodyHead(ctx.db, id);
  if (!head) throw notFound();
  if (head.erased) throw conflict(CASE_TEXTS.erased);
  if (!holderIsAt(head.holder, input.from)) throw conflict(T.notThere(input.from));
  if (head.lastDate !== null && input.date < head.lastDate) throw fieldError('date', T.beforeLast);
  const awayFromApplicant = input.from === 'applicant' || input.to === 'vfs';
  if (awayFromApplicant && (await noticesWithheld(ctx.db, id)) === 'consent withdrawn') throw conflict(T.consentWithdrawn);

  const at = clockOf(ctx)().toISOString();
  const step = input.from === 'applicant' ? 'passport-handed' : input.to === 'applicant' ? 'passport-returned' : null;
  await ctx.db.transaction().execute(async (trx) => {
    const handoverId = newId();
    await repo.insertHandover(trx, {
      id: handoverId,
      application_id: id,
      from_place: input.from,
      to_place: input.to,
      occurred_on: input.date,
      counterpart: input.counterpart,
      note: input.note,
      recorded_by: actor._id,
      recorded_at: at,
    });
    const to = holderAfter(input.to);
    if (!(await repo.moveHolder(trx, { applicationId: id, from: holdersAt(input.from), to, handoverId }))) {
      // Another handover or an erasure came first: say which.
      const now = await repo.findCustodyHead(trx, id);
      throw conflict(now?.erased ? CASE_TEXTS.erased : T.notThere(input.from));
    }
    if (step) {
      // A decided case stays at its decision: the passport usually comes back with the visa in it.
      const stage = head.stage === 'decision' ? 'decision' : STEP_STAGE[step];
      await writeStep(trx, ctx, actor, id, { kind: step, date: input.date, note: input.note }, stage, at);
    }
    // The counterpart and the note may name people: the audit row keeps only the move.
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.caseWork.passportHandover,
      entity: AUDIT_ENTITIES.application,
      entityId: id,
      details: { from: input.from, to: input.to, date: input.date },
    });
  });
  return passportCustody(ctx, id);
}

/** The passports the office holds now, longest held first, at most HELD_PASSPORTS_MAX of them. */
export async function heldPassports(ctx: Pick<AppContext, 'db'>): Promise<HeldPassportList> {
  const [rows, total] = await Promise.all([repo.listHeld(ctx.db, HELD_PASSPORTS_MAX), repo.countHeld(ctx.db)]);
  const names = await staffNamesOf(
    ctx.db,
    rows.map((r) => r.byId),
  );
  return {
    passports: rows.map((r) => ({
      applicationId: r.applicationId,
      givenName: r.givenName,
      surname: r.surname,
      holder: r.holder === 'vfs' ? 'vfs' : 'office',
      since: r.since,
      counterpart: r.counterpart,
      by: staff(r.byId, r.byId ? (names.get(r.byId) ?? null) : null),
    })),
    total,
    capped: total > rows.length,
  };
}
