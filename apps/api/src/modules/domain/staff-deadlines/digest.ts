import { WORK_LIST_MAX } from '@visa/shared/case-work';
import { addDays, dayStartIn, formatDate, todayIn } from '@visa/shared/dates';
import { DIGEST_OUTRO, DIGEST_SECTIONS, digestIntro, digestLine, digestSubject } from '@visa/shared/staff-deadlines';
import { BRAND_NAME } from '@visa/shared/constants';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import { type EmailContent, HTML_CLOSE, HTML_OPEN, escapeHtml, oneLine } from '../../../lib/email-html.js';
import { getSetting } from '../../kernel/settings/repository.js';
import { queueStaffEmail } from '../applicant-notices/outbox-repository.js';
import { type DueLetterRow, listDueLetters } from '../case-work/repository.js';
import { type DigestRecipient, deleteDigestDaysBefore, digestRecipients, takeDigestTurn } from './repository.js';

/**
 * The daily digest (ADR 0081): each member of staff who owns open letters due within the week is
 * emailed them once a day, from the office's digest hour on, in APP_TIMEZONE. The scheduled job
 * asks every few minutes; whichever instance asks first after the hour queues the day's emails,
 * each in the transaction that records its day (staff_digests), so no member gets two for a day.
 * Only today is ever considered: a day the server was down for is not caught up on later.
 */

/** The week the digest covers, as My work's: overdue, today and the next seven days. */
const WEEK_DAYS = 7;

export interface DigestRun {
  day: string;
  /** false before the digest hour: nothing was looked at. */
  due: boolean;
  queued: number;
  /** Days' records past keeping, dropped (by a run that queued something). */
  pruned: number;
}

/** A digest day is kept this long: only so that today's is known, and a little history. */
const KEEP_DAYS = 30;

/** Minutes past the office's midnight at `now`, by the office's clock. */
const minutesIntoDay = (day: string, timeZone: string, now: Date) =>
  Math.floor((now.getTime() - dayStartIn(day, timeZone).getTime()) / 60_000);

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The staff page of an application, loaded by id (the web app's /updateApplicationView/:id). */
const staffPageOf = (publicUrl: string, applicationId: string) => `${publicUrl}/updateApplicationView/${applicationId}`;

/**
 * The member's letters by section, each with its reference, the applicant's given name and a link
 * to the staff page: no surname, passport, phone or date of birth, as the email may sit in any mailbox.
 */
function renderDigest(member: Pick<DigestRecipient, 'name'>, letters: DueLetterRow[], today: string, publicUrl: string): EmailContent {
  const sections = {
    overdue: letters.filter((l) => l.deadline < today),
    dueToday: letters.filter((l) => l.deadline === today),
    dueThisWeek: letters.filter((l) => l.deadline > today),
  };
  const counts = { overdue: sections.overdue.length, dueToday: sections.dueToday.length, dueThisWeek: sections.dueThisWeek.length };
  const intro = digestIntro(oneLine(member.name));
  const blocks = (Object.keys(sections) as (keyof typeof sections)[])
    .filter((key) => sections[key].length > 0)
    .map((key) => ({
      heading: DIGEST_SECTIONS[key],
      items: sections[key].map((l) => ({
        line: digestLine(l.kind, l.applicationId, oneLine(l.givenName), formatDate(l.deadline)),
        link: staffPageOf(publicUrl, l.applicationId),
      })),
    }));
  const text = [
    ...intro,
    ...blocks.map((b) => [`${b.heading}:`, ...b.items.map((i) => `- ${i.line}\n  ${i.link}`)].join('\n')),
    DIGEST_OUTRO,
    BRAND_NAME.en,
  ].join('\n\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    ...HTML_OPEN,
    ...intro.map(paragraph),
    ...blocks.map(
      (b) =>
        `<h2 style="font-size: 16px">${escapeHtml(b.heading)}</h2><ul>` +
        b.items.map((i) => `<li><a href="${escapeHtml(i.link)}">${escapeHtml(i.line)}</a></li>`).join('') +
        '</ul>',
    ),
    paragraph(DIGEST_OUTRO),
    paragraph(BRAND_NAME.en),
    HTML_CLOSE,
  ].join('\n');
  return { subject: digestSubject(counts), text: `${text}\n`, html };
}

/** Queues today's digests not queued yet, once the office's digest hour has come; answers counts only. */
export async function queueDueDigests(deps: { db: Db; config: Pick<Config, 'APP_TIMEZONE' | 'publicUrl'> }, now: Date): Promise<DigestRun> {
  const { db, config } = deps;
  const day = todayIn(config.APP_TIMEZONE, now);
  const { digestHour } = await getSetting(db, 'caseWork');
  if (minutesIntoDay(day, config.APP_TIMEZONE, now) < minutesOf(digestHour)) return { day, due: false, queued: 0, pruned: 0 };
  const until = addDays(day, WEEK_DAYS);
  let queued = 0;
  for (const member of await digestRecipients(db, { until, day })) {
    const sent = await db.transaction().execute(async (trx) => {
      // A super-admin's digest is theirs too: what they own, not everyone's (My work shows everyone's).
      const letters = await listDueLetters(trx, { until, ownerId: member.id, limit: WORK_LIST_MAX });
      if (letters.length === 0 || !(await takeDigestTurn(trx, member.id, day, now))) return false;
      await queueStaffEmail(trx, { to: member.email, ...renderDigest(member, letters, day, config.publicUrl) }, now);
      return true;
    });
    if (sent) queued += 1;
  }
  // Only a run that added rows needs to make room: the others leave the table as it was.
  const pruned = queued > 0 ? await deleteDigestDaysBefore(db, addDays(day, -KEEP_DAYS)) : 0;
  return { day, due: true, queued, pruned };
}
