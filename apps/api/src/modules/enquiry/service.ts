import { createHmac } from 'node:crypto';
import { normalizePassport } from '@visa/shared/applications';
import { countryKey } from '@visa/shared/country-matching';
import { AUDIT_ACTIONS } from '@visa/shared/audit-actions';
import type { EnquiryApplication, EnquiryQuery, EnquiryResponse } from '@visa/shared/enquiry';
import type { AppContext } from '../../context.js';
import { deriveKey } from '../../lib/secret.js';
import { findByPassport } from '../applications/repository.js';
import { recordAudit } from '../audit/repository.js';
import { type Ceiling, ceilingDelayMs, waitFor } from '../rate-limits/ceiling.js';

/** A visitor typing slowly fires a few debounced lookups per enquiry; 30 leaves room for mistakes. */
export const ENQUIRY_LIMIT_PER_ADDRESS = 30;
const ENQUIRY_WINDOW_MS = 15 * 60 * 1000;
/**
 * Lookups of one passport from one address per hour. Keyed on the address too, so nobody can lock
 * an applicant out of their own status check by spending the passport's attempts (ADR 0017).
 */
export const ENQUIRY_LIMIT_PER_PASSPORT_AND_ADDRESS = 20;
const ENQUIRY_PASSPORT_WINDOW_MS = 60 * 60 * 1000;
/**
 * Guessing a known passport's date of birth from many addresses: past this many lookups of one
 * passport in an hour, wherever they come from, every answer for it waits longer (up to the cap)
 * instead of being refused, and the first one past it is recorded in the audit log.
 */
export const ENQUIRY_PASSPORT_CEILING: Ceiling = { limit: 100, windowMs: ENQUIRY_PASSPORT_WINDOW_MS, stepMs: 200, capMs: 10_000 };
/**
 * Every answer takes at least this long, so a hit, a miss on an existing passport and a miss on an
 * unknown one cannot be told apart by timing (the work differs by microseconds, the floor hides it).
 */
const ENQUIRY_MIN_RESPONSE_MS = 150;

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
] as const satisfies readonly Exclude<keyof EnquiryApplication, 'image'>[];

/**
 * Keyed hashes: the audit log and the rate-limit table can correlate lookups without holding the
 * inputs. The key is derived once per secret, not on every status check.
 */
const hashers = new Map<string, (value: string) => string>();
const hasher = (secret: string) => {
  let hash = hashers.get(secret);
  if (!hash) {
    const key = deriveKey(secret, 'enquiry-audit');
    hash = (value: string) => createHmac('sha256', key).update(value).digest('base64url').slice(0, 32);
    hashers.set(secret, hash);
  }
  return hash;
};

export async function enquire(ctx: AppContext, query: EnquiryQuery, clientAddress: string): Promise<EnquiryResponse> {
  const started = performance.now();
  const hash = hasher(ctx.secret);
  const passport = normalizePassport(query.search);
  // The country's code whichever way it is written ('Bangladeshi', 'Bangladesh', 'BD', 'BGD'),
  // or for a nationality no country matches, the text ignoring case and spacing (ADR 0024).
  const nationality = countryKey(query.search1);
  const dob = query.search2;

  await ctx.rateLimiter.hit(`enquiry:ip:${clientAddress}`, ENQUIRY_LIMIT_PER_ADDRESS, ENQUIRY_WINDOW_MS);
  await ctx.rateLimiter.hit(
    `enquiry:passport-ip:${hash(`${passport}\n${clientAddress}`)}`,
    ENQUIRY_LIMIT_PER_PASSPORT_AND_ADDRESS,
    ENQUIRY_PASSPORT_WINDOW_MS,
  );
  const acrossAddresses = await ctx.rateLimiter.count(`enquiry:passport:${hash(passport)}`, ENQUIRY_PASSPORT_CEILING.windowMs);
  const delayMs = ceilingDelayMs(acrossAddresses.count, ENQUIRY_PASSPORT_CEILING);
  if (acrossAddresses.count === ENQUIRY_PASSPORT_CEILING.limit + 1) {
    await recordAudit(ctx.db, {
      actorUserId: null,
      action: AUDIT_ACTIONS.statusCheck.slowed,
      entity: 'enquiry',
      entityId: null,
      details: { passport: hash(passport), client: hash(clientAddress), attempts: ENQUIRY_PASSPORT_CEILING.limit, delayMs },
    });
  }

  // The passport column is unique, so this is a single index lookup whether or not it exists.
  const candidate = await findByPassport(ctx.db, passport, COPY_FIELDS);
  // Exact on all three: the stored passport equals the normalised input (the lookup), and the
  // date and the nationality must agree too, with the same normalisation on both sides; anything
  // less is a miss.
  const match = candidate && candidate.fields.dob === dob && countryKey(candidate.fields.currentN) === nationality ? candidate : null;

  await recordAudit(ctx.db, {
    actorUserId: null,
    action: match ? AUDIT_ACTIONS.statusCheck.match : AUDIT_ACTIONS.statusCheck.miss,
    entity: 'enquiry',
    entityId: match?.id ?? null,
    details: {
      inputs: hash(`${passport}\n${nationality}\n${dob}`),
      passport: hash(passport),
      client: hash(clientAddress),
    },
  });

  const copy = match && { ...match.fields, image: match.photoKey ? ctx.urls.sign(match.photoKey) : null };
  const answer: EnquiryResponse = { applications: copy ? [copy].slice(0, query.limit) : [] };
  // The ceiling's wait is on top of the floor, so a slowed hit and a slowed miss still look alike.
  const wait = delayMs + ENQUIRY_MIN_RESPONSE_MS - (performance.now() - started);
  await waitFor(wait);
  return answer;
}
