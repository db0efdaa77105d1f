import { APPLICANT_LETTERS, type LetterKind } from '@visa/shared/case-work';
import { addDays, dayStartIn, todayIn } from '@visa/shared/dates';
import type { ReminderTask } from '@visa/shared/reminder-texts';
import type { Db } from '../../../db/connection.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { type NoticeContext, notify } from './notify.js';
import * as repo from './reminders-repository.js';

/**
 * Reminders of what a letter asks the applicant to do (ADR 0080): biometrics, a medical exam, the
 * passport, at each of the office's reminder days before the deadline. They are planned in the
 * transaction that enters, moves or closes the letter (case-work calls `planReminders`), and told
 * by `tellDueReminders`, the reminder job, through notify: one claim per reminder, so each is told
 * once across workers and instances.
 */

/** The office's hour at which a reminder falls due on its day: after the night, before the office's day is half gone. */
const REMINDER_HOUR = 10;

/** What planning reads the time by: the office's zone and the app's clock. */
export interface ReminderClock {
  timeZone: string;
  now: Date;
}

const isApplicantLetter = (kind: LetterKind): kind is ReminderTask => APPLICANT_LETTERS.includes(kind);

/** The moment a reminder `daysBefore` a deadline falls due: that day at REMINDER_HOUR in the office's zone. */
export function reminderMoment(deadline: string, daysBefore: number, timeZone: string): Date {
  return new Date(dayStartIn(addDays(deadline, -daysBefore), timeZone).getTime() + REMINDER_HOUR * 3_600_000);
}

/**
 * Where a reminder stands for a deadline, planned at `now`: a day already gone is passed (never sent
 * late); today's, once its hour has gone, is due at once; a later one waits for its moment.
 */
function planOne(deadline: string, daysBefore: number, clock: ReminderClock): { due_at: string; state: 'waiting' | 'passed' } {
  const moment = reminderMoment(deadline, daysBefore, clock.timeZone);
  const day = addDays(deadline, -daysBefore);
  if (day < todayIn(clock.timeZone, clock.now)) return { due_at: moment.toISOString(), state: 'passed' };
  return { due_at: (moment < clock.now ? clock.now : moment).toISOString(), state: 'waiting' };
}

/**
 * Brings the reminders of these letters in line with them, inside the caller's transaction: a new
 * letter gets one per reminder day; a moved deadline moves those not yet told (a day now ahead
 * waits again, one now gone is passed); a reminder already told is never told again for the same
 * letter and day count. A done letter's reminders are cancelled, with their messages still waiting.
 */
export async function planReminders(trx: Db, clock: ReminderClock, letterIds: string[]): Promise<void> {
  const { reminderDays } = await getSetting(trx, 'caseWork');
  const days = [...new Set(reminderDays)];
  const closed: string[] = [];
  for (const letterId of letterIds) {
    const letter = await repo.findLetterToPlan(trx, letterId);
    if (!letter) continue;
    if (letter.done_on !== null || !isApplicantLetter(letter.kind)) {
      closed.push(letterId);
      continue;
    }
    const existing = new Map((await repo.remindersOf(trx, letterId)).map((r) => [r.days_before, r]));
    for (const daysBefore of days) {
      const plan = planOne(letter.deadline, daysBefore, clock);
      const row = existing.get(daysBefore);
      if (!row) {
        await repo.insertReminder(
          trx,
          { letter_id: letterId, application_id: letter.application_id, days_before: daysBefore, ...plan },
          clock.now,
        );
      } else await repo.replanReminder(trx, row.id, plan);
    }
    // A reminder day the office has since dropped is not told for a deadline planned again.
    for (const row of existing.values()) {
      if (!days.includes(row.days_before)) await repo.replanReminder(trx, row.id, { due_at: row.due_at, state: 'cancelled' });
    }
  }
  await repo.cancelReminders(trx, closed);
  await repo.dropWaitingReminderMessages(trx, closed, 'letter done');
}

export interface ReminderRun {
  /** Reminders told on at least one channel. */
  queued: number;
  /** Reminders nobody could be told of: erased, consent withdrawn, no channel. */
  withheld: number;
  /** Reminders whose letter was done by the time they fell due. */
  cancelled: number;
}

const BATCH = 100;

/**
 * Tells every reminder due at `now`. Each is claimed, and its notices queued, in one transaction:
 * a reminder is told exactly once whichever worker or instance runs this, and a failure leaves it
 * waiting for the next run.
 */
export async function tellDueReminders(db: Db, ctx: NoticeContext, now: Date): Promise<ReminderRun> {
  const run: ReminderRun = { queued: 0, withheld: 0, cancelled: 0 };
  const at = { ...ctx, now: () => now };
  for (;;) {
    const ids = await repo.dueReminderIds(db, now, BATCH);
    // Each run starts at its own place in the batch, so instances running together rarely wait on each other's claims.
    const start = Math.floor(Math.random() * ids.length);
    for (const id of [...ids.slice(start), ...ids.slice(0, start)]) {
      const outcome = await db.transaction().execute(async (trx) => {
        if (!(await repo.claimReminder(trx, id, now))) return null;
        const reminder = await repo.findReminderLetter(trx, id);
        if (!reminder || reminder.done_on !== null || !isApplicantLetter(reminder.kind)) {
          await repo.setReminderState(trx, id, 'cancelled');
          return 'cancelled' as const;
        }
        const told = await notify(trx, at, reminder.application_id, {
          kind: 'reminder',
          reminderId: id,
          task: reminder.kind,
          deadline: reminder.deadline,
        });
        if (told.channels.length > 0) return 'queued' as const;
        await repo.setReminderState(trx, id, 'withheld');
        return 'withheld' as const;
      });
      if (outcome) run[outcome] += 1;
    }
    // Fewer than a batch: nothing more is due. A full batch another instance took part of is asked again.
    if (ids.length < BATCH) return run;
  }
}
