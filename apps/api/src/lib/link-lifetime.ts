import { addDays, dayStartIn, todayIn } from '@visa/shared/dates';

/**
 * The one bound on every bearer link the product makes (ADR 0065, docs/security.md#bearer-link-lifetimes):
 * whoever holds a link is let in, so no link may work past the end of the office's calendar day
 * LINK_MAX_DAYS after today. Links with short lives of their own (a password reset, a signed file
 * URL) are held to it as well, so the bound is stated here once and no new kind of link can forget it.
 */

export interface LinkBound {
  /** LINK_MAX_DAYS. */
  maxDays: number;
  /** APP_TIMEZONE: the office's days are the ones a due date names. */
  timeZone: string;
}

export const linkBoundOf = (config: { LINK_MAX_DAYS: number; APP_TIMEZONE: string }): LinkBound => ({
  maxDays: config.LINK_MAX_DAYS,
  timeZone: config.APP_TIMEZONE,
});

/** The last office day a link made now may still work on. */
export const lastLinkDay = (bound: LinkBound, now: Date): string => addDays(todayIn(bound.timeZone, now), bound.maxDays);

/** The instant every link made now has stopped working by: the end of its last possible day. */
export const latestLinkExpiry = (bound: LinkBound, now: Date): Date => dayStartIn(addDays(lastLinkDay(bound, now), 1), bound.timeZone);

/** A link's own expiry, or the bound's if that comes first. */
export const boundedExpiry = (wanted: Date, bound: LinkBound, now: Date): Date => {
  const latest = latestLinkExpiry(bound, now);
  return wanted.getTime() <= latest.getTime() ? wanted : latest;
};
