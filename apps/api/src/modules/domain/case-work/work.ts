import { WORK_LIST_MAX } from '@visa/shared/case-work';
import { WORK_TEXTS, type WorkItem, type WorkList } from '@visa/shared/case-work-lists';
import { addDays, todayIn } from '@visa/shared/dates';
import type { User } from '@visa/shared/users';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/connection.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import { staffNamesOf } from '../staff-accounts/repository.js';
import { type DueLetterRow, listDueLetters } from './repository.js';

/**
 * Each staff member's work (ADR 0077): the open letters overdue, due today and due within the week
 * (the next seven days), of the member or, for a super-admin, of everyone.
 */

/** The open letters due by `until` (overdue included) as work items, with their owners' names. */
async function dueWork(db: Db, o: { until: string; ownerId?: string; limit: number }): Promise<WorkItem[]> {
  const rows = await listDueLetters(db, o);
  const names = await staffNamesOf(
    db,
    rows.map((r) => r.ownerId),
  );
  return rows.map((r: DueLetterRow) => ({
    letterId: r.letterId,
    applicationId: r.applicationId,
    givenName: r.givenName,
    surname: r.surname,
    kind: r.kind,
    deadline: r.deadline,
    owner: r.ownerId === null ? null : { _id: r.ownerId, name: names.get(r.ownerId) ?? '' },
    stage: r.stage,
  }));
}

export async function myWork(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  user: Pick<User, '_id' | 'role'>,
  who: 'me' | 'everyone',
): Promise<WorkList> {
  if (who === 'everyone' && user.role !== 'superadmin') throw new HttpError(403, WORK_TEXTS.everyoneIsOwners);
  const today = todayIn(ctx.config.APP_TIMEZONE, clockOf(ctx)());
  const items = await dueWork(ctx.db, {
    until: addDays(today, 7),
    ...(who === 'me' ? { ownerId: user._id } : {}),
    limit: WORK_LIST_MAX + 1,
  });
  const shown = items.slice(0, WORK_LIST_MAX);
  return {
    today,
    overdue: shown.filter((i) => i.deadline < today),
    dueToday: shown.filter((i) => i.deadline === today),
    dueThisWeek: shown.filter((i) => i.deadline > today),
    capped: items.length > WORK_LIST_MAX,
  };
}
