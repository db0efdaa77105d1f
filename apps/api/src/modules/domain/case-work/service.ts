import { APPLICANT_FILE_TEXTS } from '@visa/shared/applicant-file';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import {
  BIOMETRICS_VALID_YEARS,
  CASE_TEXTS as T,
  HANDOVER_STEPS,
  type CaseView,
  LETTER_KINDS,
  LETTER_STAGE,
  type LetterChange,
  MEDICAL_VALID_MONTHS,
  type NewLetter,
  type NewStep,
  STEP_CLOSES,
  STEP_STAGE,
} from '@visa/shared/case-work';
import { type CaseSettings, ruleDeadline } from '@visa/shared/case-settings';
import { todayIn } from '@visa/shared/dates';
import { CONTACT_TEXTS } from '@visa/shared/notices';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError, badRequest, conflict } from '../../../lib/http-error.js';
import { newId } from '../../../lib/ids.js';
import type { Actor } from '../../../plugins/auth.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { noticesWithheld } from '../applicant-notices/may-contact.js';
import { planReminders } from '../applicant-notices/reminders.js';
import * as repo from './repository.js';
import { toCaseView } from './view.js';

/**
 * The case as IRCC runs it (ADR 0077): steps that move an application through its stages, letters
 * whose deadlines come from the office's rule (or an override with a reason), and who owns each.
 * Each change, its timeline entry and its audit row are one transaction.
 */

type CaseContext = Pick<AppContext, 'db' | 'config' | 'now'>;

const notFound = () => new HttpError(404, APPLICANT_FILE_TEXTS.applicationNotFound);
const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

const today = (ctx: CaseContext) => todayIn(ctx.config.APP_TIMEZONE, clockOf(ctx)());

/** The applicant's reminders follow their letters in the same transaction (ADR 0080). */
const replan = (trx: Db, ctx: CaseContext, letterIds: string[]) =>
  planReminders(trx, { timeZone: ctx.config.APP_TIMEZONE, now: clockOf(ctx)() }, letterIds);

/** The application, which must still hold its personal data: an erased case takes nothing more. */
async function changeableHead(db: Db, id: string): Promise<repo.CaseHead> {
  const head = await repo.findCaseHead(db, id);
  if (!head) throw notFound();
  if (head.erased) throw conflict(T.erased);
  return head;
}

const addMonths = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

export async function getCase(ctx: CaseContext, id: string): Promise<CaseView> {
  const head = await repo.findCaseHead(ctx.db, id);
  if (!head) throw notFound();
  const [settings, letters, steps, biometrics, medical] = await Promise.all([
    getSetting(ctx.db, 'caseWork'),
    repo.listLetters(ctx.db, id),
    repo.listSteps(ctx.db, id),
    repo.latestStepDate(ctx.db, id, ['biometrics-given', 'biometrics-exempt']),
    repo.latestStepDate(ctx.db, id, ['medical-done']),
  ]);
  return toCaseView({
    head,
    settings,
    letters,
    steps,
    biometricsValidUntil: biometrics ? addMonths(biometrics, BIOMETRICS_VALID_YEARS * 12) : null,
    medicalValidUntil: medical ? addMonths(medical, MEDICAL_VALID_MONTHS) : null,
  });
}

/** The owner named, who must be a member of staff; the one entering the letter when none is named. */
async function ownerOf(db: Db, actor: Actor, ownerId: string | undefined): Promise<string> {
  if (ownerId === undefined || ownerId === actor._id) return actor._id;
  if (!(await repo.staffExists(db, ownerId))) throw fieldError('ownerId', T.ownerUnknown);
  return ownerId;
}

/** A letter's deadline: the rule's unless staff give another, which then needs a reason. */
function letterDeadline(input: NewLetter, settings: CaseSettings): { deadline: string; ruleDeadline: string | null } {
  const rule = ruleDeadline(input.kind, input.letterDate, settings);
  const deadline = input.deadline ?? rule;
  if (deadline === null) throw fieldError('deadline', T.deadlineRequired);
  if (deadline < input.letterDate) throw fieldError('deadline', T.deadlineBeforeLetter);
  const overridden = rule !== null && deadline !== rule;
  if (overridden && !input.reason) throw fieldError('reason', T.reasonRequired);
  return { deadline, ruleDeadline: overridden ? rule : null };
}

export async function addLetter(ctx: CaseContext, actor: Actor, id: string, input: NewLetter): Promise<CaseView> {
  if (input.letterDate > today(ctx)) throw fieldError('letterDate', T.dateInFuture);
  const settings = await getSetting(ctx.db, 'caseWork');
  const { deadline, ruleDeadline: rule } = letterDeadline(input, settings);
  const ownerId = await ownerOf(ctx.db, actor, input.ownerId);
  const stage = LETTER_STAGE[input.kind];
  const at = clockOf(ctx)().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await changeableHead(trx, id);
    const letterId = newId();
    await repo.insertLetter(trx, {
      id: letterId,
      application_id: id,
      kind: input.kind,
      letter_date: input.letterDate,
      deadline,
      rule_deadline: rule,
      reason: input.reason,
      owner_id: ownerId,
      done_on: null,
      created_by: actor._id,
      created_at: at,
    });
    await repo.insertStep(trx, {
      id: newId(),
      application_id: id,
      kind: 'letter',
      stage,
      occurred_on: input.letterDate,
      letter_id: letterId,
      note: input.note,
      recorded_by: actor._id,
      recorded_at: at,
    });
    if (!(await repo.setStage(trx, id, stage))) throw conflict(T.erased);
    await replan(trx, ctx, [letterId]);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.caseWork.letter,
      entity: AUDIT_ENTITIES.application,
      entityId: id,
      details: { kind: input.kind, letterDate: input.letterDate, deadline, ...(rule ? { ruleDeadline: rule, reason: input.reason } : {}) },
    });
  });
  return getCase(ctx, id);
}

export async function changeLetter(ctx: CaseContext, actor: Actor, id: string, letterId: string, input: LetterChange): Promise<CaseView> {
  await changeableHead(ctx.db, id);
  const letter = await repo.findLetter(ctx.db, id, letterId);
  if (!letter) throw new HttpError(404, T.letterNotFound);
  if (letter.done_on !== null) throw conflict(T.letterClosed);
  const moves = input.deadline !== undefined && input.deadline !== letter.deadline;
  const ownerId = input.ownerId === undefined ? letter.owner_id : await ownerOf(ctx.db, actor, input.ownerId);
  const reassigns = ownerId !== letter.owner_id;
  if (!moves && !reassigns) throw badRequest(T.nothingToChange);

  const patch: Parameters<typeof repo.updateOpenLetter>[2] = { owner_id: ownerId };
  if (moves) {
    const deadline = input.deadline!;
    if (deadline < letter.letter_date) throw fieldError('deadline', T.deadlineBeforeLetter);
    // What the rule gave is kept from the first override on, so the file can always show both.
    const settings = await getSetting(ctx.db, 'caseWork');
    const rule = letter.rule_deadline ?? (settings.letterDays[letter.kind] === null ? null : letter.deadline);
    if (deadline !== rule && !input.reason) throw fieldError('reason', T.reasonRequired);
    Object.assign(patch, { deadline, rule_deadline: deadline === rule ? null : rule, reason: deadline === rule ? '' : input.reason });
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.updateOpenLetter(trx, letterId, patch))) throw conflict(T.letterClosed);
    if (moves) await replan(trx, ctx, [letterId]);
    await recordAudit(trx, {
      actorUserId: actor._id,
      action: AUDIT_ACTIONS.caseWork.letterChanged,
      entity: AUDIT_ENTITIES.application,
      entityId: id,
      details: {
        kind: letter.kind,
        ...(moves ? { deadlineFrom: letter.deadline, deadlineTo: patch.deadline, reason: input.reason } : {}),
        ...(reassigns ? { ownerFrom: letter.owner_id, ownerTo: ownerId } : {}),
      },
    });
  });
  return getCase(ctx, id);
}

/** The stage a step moves to: its own, or for "moved" the one chosen, which the office must have on. */
function stageOfStep(step: NewStep, settings: CaseSettings): string {
  if (step.kind !== 'moved') return STEP_STAGE[step.kind];
  if (step.stage === 'decision') throw fieldError('stage', T.decisionThroughStatus);
  const stage = settings.stages.find((s) => s.key === step.stage);
  if (!stage) throw fieldError('stage', T.stageRequired);
  if (stage.hidden) throw fieldError('stage', T.stageHidden);
  return stage.key;
}

function checkStepDate(ctx: CaseContext, step: NewStep) {
  const now = today(ctx);
  // An appointment is booked ahead; everything else has happened.
  if (step.kind !== 'biometrics-appointment' && step.date > now) throw fieldError('date', T.dateInFuture);
  if (step.kind === 'biometrics-exempt' && addMonths(step.date, BIOMETRICS_VALID_YEARS * 12) <= now) {
    throw fieldError('date', T.exemptTooOld);
  }
}

export async function recordStep(ctx: CaseContext, actor: Actor, id: string, step: NewStep): Promise<CaseView> {
  // A passport handed in or returned moves the passport too: custody records it, with this step.
  if (HANDOVER_STEPS.includes(step.kind)) throw fieldError('kind', T.passportByHandover);
  checkStepDate(ctx, step);
  const settings = await getSetting(ctx.db, 'caseWork');
  const stage = stageOfStep(step, settings);
  await changeableHead(ctx.db, id);
  // The IRCC number is new personal data: not taken for an applicant who withdrew consent.
  if (step.kind === 'submitted' && (await noticesWithheld(ctx.db, id)) === 'consent withdrawn') {
    throw conflict(CONTACT_TEXTS.consentWithdrawn);
  }
  const at = clockOf(ctx)().toISOString();
  await ctx.db.transaction().execute((trx) => writeStep(trx, ctx, actor, id, step, stage, at));
  return getCase(ctx, id);
}

/**
 * A step's rows inside the caller's transaction: the letters it answers closed, its timeline entry,
 * the stage and the audit row. Passport custody records its steps through it with its handovers.
 */
export async function writeStep(
  trx: Db,
  ctx: CaseContext,
  actor: Actor,
  id: string,
  step: NewStep,
  stage: string,
  at: string,
): Promise<void> {
  const closes = STEP_CLOSES[step.kind];
  let closed: string[] = [];
  if (closes) {
    const open = await repo.openLetters(trx, id, closes);
    if (step.letterId !== undefined) {
      if (!open.some((l) => l.id === step.letterId)) throw fieldError('letterId', T.letterNotOpen);
      closed = [step.letterId];
    } else closed = open.map((l) => l.id);
    await repo.closeLetters(trx, closed, step.date);
    await replan(trx, ctx, closed);
  }
  await repo.insertStep(trx, {
    id: newId(),
    application_id: id,
    kind: step.kind,
    stage,
    occurred_on: step.date,
    letter_id: closed.length === 1 ? closed[0]! : null,
    note: step.note,
    recorded_by: actor._id,
    recorded_at: at,
  });
  if (!(await repo.setStage(trx, id, stage, step.kind === 'submitted' ? step.irccNumber : undefined))) throw conflict(T.erased);
  await recordAudit(trx, {
    actorUserId: actor._id,
    action: AUDIT_ACTIONS.caseWork.step,
    entity: AUDIT_ENTITIES.application,
    entityId: id,
    details: { kind: step.kind, stage, date: step.date, ...(closed.length ? { lettersDone: closed.length } : {}) },
  });
}

/**
 * The decision stage follows the status (ADR 0077): approving or rejecting moves the case there, a
 * return to pending moves it back to where it was before. Called inside the status change's
 * transaction, so the stage and the status never disagree.
 */
export async function followStatus(
  trx: Db,
  o: { actorId: string; applicationId: string; to: 'pending' | 'approved' | 'rejected'; date: string; at: Date },
): Promise<void> {
  const decided = o.to !== 'pending';
  const stage = decided
    ? 'decision'
    : ((await repo.stageBeforeDecision(trx, o.applicationId)) ??
      ((await repo.findCaseHead(trx, o.applicationId))?.irccNumber ? 'submitted' : 'preparing'));
  // An erased record's status still changes (a status is not personal data); its case stays as it was.
  if (!(await repo.setStage(trx, o.applicationId, stage))) return;
  // A refusal ends what IRCC had asked for: nobody is reminded of a letter for a refused file.
  if (o.to === 'rejected') {
    const open = await repo.openLetters(trx, o.applicationId, LETTER_KINDS);
    await repo.closeLetters(
      trx,
      open.map((l) => l.id),
      o.date,
    );
  }
  await repo.insertStep(trx, {
    id: newId(),
    application_id: o.applicationId,
    kind: decided ? 'decision' : 'moved',
    stage,
    occurred_on: o.date,
    letter_id: null,
    note: '',
    recorded_by: o.actorId,
    recorded_at: o.at.toISOString(),
  });
}
