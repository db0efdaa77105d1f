import codes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import bn from 'i18n-iso-countries/langs/bn.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import type { Kysely } from 'kysely';
import worldCountriesPackage, { type Countries } from 'world-countries';

// Frozen: this migration must never import application code or change once released. It reads
// the country data of the exact versions pinned when it was written (i18n-iso-countries 7.14.0,
// world-countries 5.1.0) and carries its own copy of the matching rule of that day.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const BATCH = 1000;

// The package's main entry is CommonJS whose value is the list (its types say default export).
const worldCountries = worldCountriesPackage as unknown as Countries;

const matchKey = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

/** Codes, then names, then demonyms; a text several countries claim means the one independent state, else none. */
function buildMatcher(): (text: string) => string | null {
  const known = new Set(Object.keys(en.countries));
  const independent = new Set(worldCountries.filter((c) => c.independent).map((c) => c.cca2));
  const tier = (entries: [string, string][]) => {
    const claims = new Map<string, Set<string>>();
    for (const [text, code] of entries) {
      const key = matchKey(text);
      if (!key || !known.has(code)) continue;
      claims.set(key, (claims.get(key) ?? new Set<string>()).add(code));
    }
    const out = new Map<string, string | null>();
    for (const [key, set] of claims) {
      const candidates = set.size === 1 ? [...set] : [...set].filter((code) => independent.has(code));
      out.set(key, candidates.length === 1 ? candidates[0]! : null);
    }
    return out;
  };
  const names: [string, string][] = [];
  for (const file of [en, bn]) {
    for (const [code, value] of Object.entries(file.countries as Record<string, string | string[]>)) {
      for (const name of Array.isArray(value) ? value : [value]) names.push([name, code]);
    }
  }
  for (const c of worldCountries) {
    names.push([c.name.common, c.cca2], [c.name.official, c.cca2]);
    for (const spelling of c.altSpellings) if (spelling.length > 3) names.push([spelling, c.cca2]);
  }
  const demonyms: [string, string][] = [['Nepali', 'NP']];
  for (const c of worldCountries) {
    const eng = c.demonyms.eng;
    if (eng) demonyms.push([eng.m, c.cca2], [eng.f, c.cca2]);
  }
  const tiers = [
    tier(codes.flatMap(([alpha2, alpha3]) => [[alpha2!, alpha2!] as [string, string], [alpha3!, alpha2!] as [string, string]])),
    tier(names),
    tier(demonyms),
  ];
  return (text) => {
    const key = matchKey(text);
    if (!key) return null;
    for (const t of tiers) if (t.has(key)) return t.get(key) ?? null;
    return null;
  };
}

/**
 * Nationality and issuing country are stored as ISO 3166-1 alpha-2 codes from now on (ADR 0024).
 * Values typed before are rewritten where they name a country ('Bangladeshi', 'Bangladesh', 'BD',
 * 'BGD'); anything else is left as typed. The nationality's comparison key becomes the code, or
 * for unmatched text the text ignoring case and spacing. Read in id order, a batch at a time.
 */
export async function up(db: AnyDb): Promise<void> {
  // The staff search finds a nationality by this key when the term names a country.
  await db.schema
    .createIndex('applications_nationality_idx')
    .on('applications')
    .columns(['current_nationality_key', 'created_at'])
    .execute();
  const match = buildMatcher();
  let after = '';
  for (;;) {
    const rows: { id: string; current_nationality: string; current_nationality_key: string; issued_country: string }[] = await db
      .selectFrom('applications')
      .select(['id', 'current_nationality', 'current_nationality_key', 'issued_country'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const nationality = match(row.current_nationality);
      const issued = match(row.issued_country);
      const next = {
        current_nationality: nationality ?? row.current_nationality,
        current_nationality_key: nationality ?? row.current_nationality.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase(),
        issued_country: issued ?? row.issued_country,
      };
      if (
        next.current_nationality !== row.current_nationality ||
        next.current_nationality_key !== row.current_nationality_key ||
        next.issued_country !== row.issued_country
      ) {
        await db.updateTable('applications').set(next).where('id', '=', row.id).execute();
      }
    }
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * Back to names: a code becomes the country's English name, and the key that name lower-cased, as
 * the earlier rule kept it. The exact words typed before are not kept, so 'Bangladeshi' comes back
 * as 'Bangladesh'.
 */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('applications_nationality_idx').execute();
  const nameOf = (value: string) => {
    const names = (en.countries as Record<string, string | string[]>)[value];
    return names === undefined ? value : Array.isArray(names) ? names[0]! : names;
  };
  let after = '';
  for (;;) {
    const rows: { id: string; current_nationality: string; issued_country: string }[] = await db
      .selectFrom('applications')
      .select(['id', 'current_nationality', 'issued_country'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const nationality = nameOf(row.current_nationality);
      await db
        .updateTable('applications')
        .set({
          current_nationality: nationality,
          current_nationality_key: nationality.toLowerCase(),
          issued_country: nameOf(row.issued_country),
        })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
