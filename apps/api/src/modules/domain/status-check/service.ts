import { setTimeout as sleep } from 'node:timers/promises';
import { normalizePassport } from '@visa/shared/applications';
import { countryKey } from '@visa/shared/country-matching';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { EnquiryApplication, EnquiryQuery, EnquiryResponse } from '@visa/shared/enquiry';
import { LIMITS, windowMinutes } from '@visa/shared/limits';
import type { AppContext } from '../../../context.js';
import { keyedHasher } from '../../../lib/secret.js';
import { withCountryNames } from '../applications/mapping.js';
import { findByPassport } from '../applications/repository.js';
import { publicCase } from '../case-work/public.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { queueStaffEmail } from '../applicant-notices/outbox-repository.js';
import { renderStatusCheckAlertEmail } from '../staff-accounts/emails.js';
import { type AcrossAddressesTurn, acrossAddresses } from '../../kernel/rate-limits/across-addresses.js';
import { listSuperadmins } from '../staff-accounts/repository.js';

const { perAddress: PER_ADDRESS, perPassportAndAddress: PER_PASSPORT_AND_ADDRESS, perPassport: ACROSS } = LIMITS.statusCheck;
/**
 * Every answer takes at least this long, so a hit, a miss on an existing passport and a miss on an
 * unknown one cannot be told apart by timing (the work differs by microseconds, the floor hides it).
 */
const MIN_RESPONSE_MS = 150;
const waitFor = (ms: number) => (ms > 0 ? sleep(ms) : Promise.resolve());

/**
 * What the applicant copy shows (docs/product.md#api-status-check), besides the photo; dob and
 * currentN are also the two inputs compared with the lookup's answer.
 */
const COPY_FIELDS = [
  'surname',
  'givenN',
  'sex',
  'dob',
  'currentN',
  'passport',
  'issuedCountry',
  'jobTitle',
  'company',
  'dutyDuration',
  'isStatus',
  'pending',
  'approve',
] as const satisfies readonly Exclude<keyof EnquiryApplication, 'image' | 'currentNCode' | 'issuedCountryCode'>[];

/**
 * Keyed hashes: the audit log and the rate-limit table can correlate lookups without holding the
 * inputs. The label keeps the status check's first name: another would stop new hashes matching
 * older rows.
 */
const hasher = (secret: string) => keyedHasher(secret, 'enquiry-audit');

export async function checkStatus(ctx: AppContext, query: EnquiryQuery, clientAddress: string): Promise<EnquiryResponse> {
  const started = performance.now();
  const hash = hasher(ctx.secret);
  const passport = normalizePassport(query.search);
  // The country's code whichever way it is written ('Bangladeshi', 'Bangladesh', 'BD', 'BGD'),
  // or for a nationality no country matches, the text ignoring case and spacing (ADR 0024).
  const nationality = countryKey(query.search1);

  const { rateLimiter } = ctx;
  await rateLimiter.hit(rateLimiter.key('enquiry:ip', { client: clientAddress }), PER_ADDRESS.limit, PER_ADDRESS.windowMs);
  await rateLimiter.hit(
    rateLimiter.key('enquiry:passport-ip', passport, { client: clientAddress }),
    PER_PASSPORT_AND_ADDRESS.limit,
    PER_PASSPORT_AND_ADDRESS.windowMs,
  );
  const turn = await acrossAddresses(rateLimiter, ACROSS, 'enquiry:passport', passport, clientAddress, {
    onLimit: () => passportWatched(ctx, 'limit', hash(passport), hash(clientAddress)),
    onHardLimit: () => passportWatched(ctx, 'hardLimit', hash(passport), hash(clientAddress)),
  });
  try {
    return await lookUp(ctx, query, passport, nationality, hash, hash(clientAddress), turn);
  } finally {
    await turn.release();
    // Every answer waits out the same floor, so a hit, a miss and a refusal after the turn look alike.
    await waitFor(MIN_RESPONSE_MS - (performance.now() - started));
  }
}

async function lookUp(
  ctx: AppContext,
  query: EnquiryQuery,
  passport: string,
  nationality: string,
  hash: (value: string) => string,
  client: string,
  turn: AcrossAddressesTurn,
): Promise<EnquiryResponse> {
  const dob = query.search2;
  // The passport column is unique, so this is a single index lookup whether or not it exists.
  const candidate = await findByPassport(ctx.db, passport, COPY_FIELDS);
  // Exact on all three: the stored passport equals the normalised input (the lookup), and the
  // date and the nationality must agree too, with the same normalisation on both sides; anything
  // less is a miss.
  const match = candidate && candidate.fields.dob === dob && countryKey(candidate.fields.currentN) === nationality ? candidate : null;

  await recordAudit(ctx.db, {
    actorUserId: null,
    action: match ? AUDIT_ACTIONS.statusCheck.match : AUDIT_ACTIONS.statusCheck.miss,
    entity: AUDIT_ENTITIES.statusCheck,
    entityId: match?.id ?? null,
    details: {
      inputs: hash(`${passport}\n${nationality}\n${dob}`),
      passport: hash(passport),
      client,
    },
  });
  await (match ? turn.succeeded() : turn.failed());

  if (!match) return { applications: [] };
  // Read only on a hit, in one statement: a miss costs what it did.
  const kase = await publicCase(ctx.db, match.id, match.fields.isStatus);
  if (!kase) return { applications: [] };
  const copy = { ...withCountryNames(match.fields), image: match.photoKey ? ctx.urls.sign(match.photoKey) : null, ...kase };
  return { applications: [copy].slice(0, query.limit) };
}

/**
 * The first lookup past a limit across addresses in the window: audited with keyed hashes only, and
 * the office's super-admins are told, since the passport's holder has no account to be told on.
 */
async function passportWatched(ctx: AppContext, which: 'limit' | 'hardLimit', passport: string, client: string) {
  const attempts = ACROSS[which];
  await ctx.db.transaction().execute(async (trx) => {
    await recordAudit(trx, {
      actorUserId: null,
      action: which === 'limit' ? AUDIT_ACTIONS.statusCheck.slowed : AUDIT_ACTIONS.statusCheck.refused,
      entity: AUDIT_ENTITIES.statusCheck,
      entityId: null,
      details: { passport, client, attempts },
    });
    if (which === 'limit') {
      for (const admin of await listSuperadmins(trx)) {
        await queueStaffEmail(trx, {
          to: admin.email,
          ...renderStatusCheckAlertEmail(admin, attempts, windowMinutes(ACROSS)),
        });
      }
    }
  });
  if (which === 'limit') ctx.outbox.kick();
}
