import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import { WORK_LIST_MAX } from '@visa/shared/case-work';
import { addDays } from '@visa/shared/dates';
import {
  CALENDAR_PATH,
  CALENDAR_SUFFIX,
  CALENDAR_TEXTS,
  type CalendarFeedStatus,
  type NewCalendarFeed,
  calendarEventTitle,
} from '@visa/shared/staff-deadlines';
import { SERVER } from '@visa/shared/ui-texts';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { HttpError } from '../../../lib/http-error.js';
import { onFirstUse } from '../../../lib/on-first-use.js';
import { newSecretToken, sha256 } from '../../../lib/tokens.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { tooManyRequests } from '../../kernel/rate-limits/limiter.js';
import { listDueLetters } from '../case-work/repository.js';
import * as repo from './repository.js';

/**
 * Each member's calendar feed (ADR 0081): a secret address, made or replaced on the profile page
 * and shown once, whose token is all a calendar app has to read the member's open letters. Only
 * the token's SHA-256 hash is stored; the address is never logged (lib/logging.ts, deploy/Caddyfile).
 */

const FIFTEEN_MINUTES_MS = 15 * 60_000;
/** Calendar apps ask every quarter hour or so; an office behind one address has many members. */
const REQUESTS_PER_ADDRESS = { limit: 300, windowMs: FIFTEEN_MINUTES_MS };
/** Guessing addresses: a few wrong ones per address, then a pause. */
const BAD_TOKENS_PER_ADDRESS = { limit: 20, windowMs: FIFTEEN_MINUTES_MS };

/** Tokens are newSecretToken's: 43 base64url characters. */
const FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;

/** Later than any deadline: every open letter, overdue or far ahead. */
const EVERY_DEADLINE = '9999-12-31';

const notFound = () => new HttpError(404, SERVER.notFound);

/** The calendar file writer (with the schema library it checks events with), loaded on first use (ADR 0074). */
const loadIcs = onFirstUse(() => import('ics'));

export async function feedStatus(ctx: Pick<AppContext, 'db'>, userId: string): Promise<CalendarFeedStatus> {
  const feed = await repo.findFeedOf(ctx.db, userId);
  return { active: feed !== undefined, createdAt: feed?.created_at ?? null };
}

/** A new address for the member's feed; the one they had stops working in the same write. */
export async function createFeed(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, userId: string): Promise<NewCalendarFeed> {
  const now = clockOf(ctx)();
  const token = newSecretToken();
  await ctx.db.transaction().execute(async (trx) => {
    const replaced = (await repo.findFeedOf(trx, userId)) !== undefined;
    await repo.saveFeed(trx, userId, sha256(token), now);
    await recordAudit(trx, {
      actorUserId: userId,
      action: AUDIT_ACTIONS.caseWork.calendarFeed,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: userId,
      details: { replaced },
    });
  });
  return { url: `${ctx.config.publicUrl}${CALENDAR_PATH}/${token}${CALENDAR_SUFFIX}`, createdAt: now.toISOString() };
}

export async function revokeFeed(ctx: Pick<AppContext, 'db'>, userId: string): Promise<CalendarFeedStatus> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findFeedOf(trx, userId))) return;
    await repo.deleteFeed(trx, userId);
    await recordAudit(trx, {
      actorUserId: userId,
      action: AUDIT_ACTIONS.caseWork.calendarFeedRevoked,
      entity: AUDIT_ENTITIES.staffAccount,
      entityId: userId,
    });
  });
  return { active: false, createdAt: null };
}

const dateParts = (date: string): [number, number, number] => [
  Number(date.slice(0, 4)),
  Number(date.slice(5, 7)),
  Number(date.slice(8, 10)),
];

/**
 * The feed of the token in `file`: an all-day event per open letter the member owns, on its
 * deadline. The UID is the letter's id, so a calendar app updates a moved deadline instead of
 * adding a second event, and drops one answered. A file that is not a live feed's, whatever the
 * reason, gets the same 404 after the same one lookup; wrong guesses are limited per address.
 */
export async function calendarOf(
  ctx: Pick<AppContext, 'db' | 'config' | 'rateLimiter' | 'now'>,
  file: string,
  client: string,
): Promise<string> {
  const { rateLimiter } = ctx;
  await rateLimiter.hit(rateLimiter.key('calendar:ip', { client }), REQUESTS_PER_ADDRESS.limit, REQUESTS_PER_ADDRESS.windowMs);
  const badKey = rateLimiter.key('calendar:bad-token:ip', { client });
  if ((await rateLimiter.peek(badKey, BAD_TOKENS_PER_ADDRESS.windowMs)) >= BAD_TOKENS_PER_ADDRESS.limit)
    throw tooManyRequests(Math.ceil(BAD_TOKENS_PER_ADDRESS.windowMs / 1000));
  const token = FILE_PATTERN.exec(file)?.[1] ?? '';
  const ownerId = await repo.findFeedOwner(ctx.db, sha256(token));
  if (!ownerId) {
    await rateLimiter.count(badKey, BAD_TOKENS_PER_ADDRESS.windowMs);
    throw notFound();
  }
  const letters = await listDueLetters(ctx.db, { until: EVERY_DEADLINE, ownerId, limit: WORK_LIST_MAX });
  const stamp = clockOf(ctx)().getTime();
  const host = new URL(ctx.config.publicUrl).hostname;
  const { createEvents } = await loadIcs();
  const { error, value } = createEvents(
    letters.map((l) => ({
      uid: `${l.letterId}@${host}`,
      title: calendarEventTitle(l.kind, l.applicationId, l.givenName),
      start: dateParts(l.deadline),
      end: dateParts(addDays(l.deadline, 1)),
      timestamp: stamp,
    })),
    { productId: `-//${host}//deadlines//EN`, calName: CALENDAR_TEXTS.calendarName },
  );
  if (error || !value) throw error ?? new Error('the calendar could not be written');
  return value;
}
