import type { Config } from '../../../config.js';
import { type Db, isUniqueViolation, nowIso } from '../../../db/connection.js';
import { mapSlide, mapUser } from './map-accounts.js';
import { type MappedApplication, mapApplication } from './map-application.js';
import { type ReportNote, type ReportWriter, isSkip } from './report.js';
import * as repo from './repository.js';
import type { CollectionFile } from './sources.js';

/** What a run did (or, dry, would do) with one collection. */
export interface Counts {
  imported: number;
  updated: number;
  /** Already in the product as they are in the source (an earlier run), or newer there. */
  unchanged: number;
  skipped: number;
  /** Imported or updated with a note in the report (a value kept although it breaks a rule, a file not carried over). */
  withNotes: number;
}

export const emptyCounts = (): Counts => ({ imported: 0, updated: 0, unchanged: 0, skipped: 0, withNotes: 0 });

export interface StepContext {
  config: Config;
  db: Db;
  dryRun: boolean;
  report: ReportWriter;
  /** Called after each batch with the documents read from this file so far and the bytes read. */
  onBatch: (documents: number, bytesRead: number) => void;
}

/**
 * Records are written a batch at a time, each batch in one transaction with its files' addresses,
 * so a run stopped at any instant leaves whole batches; the next run finds them by id and leaves
 * them alone.
 */
const BATCH = 500;

/** One batch's outcome, applied to the counts only once its transaction has committed. */
interface BatchResult {
  counts: Partial<Counts>;
  notes: ReportNote[];
  filesQueued: number;
}

const add = (counts: Counts, more: Partial<Counts>) => {
  for (const [key, n] of Object.entries(more) as [keyof Counts, number][]) counts[key] += n;
};

/** Reads a collection's file and hands its documents to `write` a batch at a time; answers the counts. */
async function eachBatch<T extends { id: string }>(
  ctx: StepContext,
  file: CollectionFile,
  map: (doc: Record<string, unknown>, position: number) => T | { skip: ReportNote },
  write: (db: Db, batch: T[]) => Promise<BatchResult>,
): Promise<{ counts: Counts; filesQueued: number }> {
  const counts = emptyCounts();
  let filesQueued = 0;
  let batch: T[] = [];
  let documents = 0;
  let bytes = 0;
  const apply = (result: BatchResult) => {
    add(counts, result.counts);
    ctx.report.add(file.collection, result.notes);
    filesQueued += result.filesQueued;
  };
  const writeBatch = async (records: T[]) => {
    if (ctx.dryRun) return apply(await write(ctx.db, records));
    try {
      apply(await ctx.db.transaction().execute((trx) => write(trx, records)));
    } catch (err) {
      // A record added meanwhile by someone else took an email or passport the batch holds: the
      // batch is rolled back whole, and its records go again one at a time, the duplicate then found.
      if (!isUniqueViolation(err) || records.length === 1) throw err;
      for (const record of records) apply(await ctx.db.transaction().execute((trx) => write(trx, [record])));
    }
  };
  const flush = async () => {
    const records = batch;
    batch = [];
    // An empty last batch still tells the progress line that the file was read to its end.
    if (records.length) await writeBatch(records);
    ctx.onBatch(documents, bytes);
  };
  for await (const { doc, bytesRead, position } of file.read()) {
    documents++;
    bytes = bytesRead;
    const mapped =
      'unreadable' in doc
        ? { skip: { id: `#${position}`, field: '', outcome: 'skipped' as const, reason: String(doc.unreadable) } }
        : map(doc, position);
    if (isSkip(mapped)) {
      counts.skipped++;
      ctx.report.add(file.collection, [mapped.skip]);
      continue;
    }
    // The same id twice in one batch: the first is written before the second is looked at.
    if (batch.some((r) => r.id === mapped.id)) await flush();
    batch.push(mapped);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { counts, filesQueued };
}

const duplicate = (id: string, field: 'email' | 'passport'): ReportNote => ({
  id,
  field,
  outcome: 'skipped',
  reason: `another application already holds this ${field}`,
});

/** Emails and passports a dry run would have written: it cannot find them in the database. */
interface Seen {
  email: Set<string>;
  passport: Set<string>;
}

export async function importApplications(ctx: StepContext, file: CollectionFile) {
  const seen: Seen = { email: new Set(), passport: new Set() };
  const timeZone = ctx.config.APP_TIMEZONE;
  return eachBatch(
    ctx,
    file,
    (doc, position) => {
      const mapped = mapApplication(doc, position, timeZone);
      return isSkip(mapped) ? mapped : { id: mapped.row.id, ...mapped };
    },
    async (db, batch) => {
      const result: BatchResult = { counts: emptyCounts(), notes: [], filesQueued: 0 };
      const counts = result.counts as Counts;
      const existing = await repo.updatedAtOf(
        db,
        'applications',
        batch.map((m) => m.id),
      );
      const candidates = batch.filter((m) => {
        const at = existing.get(m.id);
        if (at === undefined || m.row.updated_at > at) return true;
        counts.unchanged++;
        if (m.row.updated_at < at) {
          result.notes.push({
            id: m.id,
            field: 'updatedAt',
            outcome: 'left alone',
            reason: 'changed in this product since: kept as it is here',
          });
        }
        return false;
      });
      const holders = await repo.applicationsHolding(
        db,
        candidates.map((m) => m.row.email),
        candidates.map((m) => m.row.passport),
      );
      const batchSeen: Seen = ctx.dryRun ? seen : { email: new Set(), passport: new Set() };
      const taken = (m: MappedApplication & { id: string }, field: 'email' | 'passport') =>
        batchSeen[field].has(m.row[field]) || holders.some((h) => h[field] === m.row[field] && h.id !== m.row.id);
      const inserts: (MappedApplication & { id: string })[] = [];
      const updates: (MappedApplication & { id: string })[] = [];
      for (const m of candidates) {
        const clash = taken(m, 'email') ? 'email' : taken(m, 'passport') ? 'passport' : null;
        if (clash) {
          counts.skipped++;
          result.notes.push(duplicate(m.id, clash));
          continue;
        }
        batchSeen.email.add(m.row.email);
        batchSeen.passport.add(m.row.passport);
        (existing.has(m.id) ? updates : inserts).push(m);
        if (m.notes.length) counts.withNotes++;
        result.notes.push(...m.notes);
        result.filesQueued += m.files.length;
      }
      counts.imported += inserts.length;
      counts.updated += updates.length;
      if (ctx.dryRun) return result;
      await repo.insertApplications(
        db,
        inserts.map((m) => m.row),
      );
      for (const m of updates) await repo.replaceApplication(db, m.row);
      const now = nowIso();
      await repo.queueImportFiles(
        db,
        [...inserts, ...updates].flatMap((m) => m.files.map((f) => ({ applicationId: m.id, ...f }))),
        now,
      );
      return result;
    },
  );
}

export async function importUsers(ctx: StepContext, file: CollectionFile) {
  const seen = new Set<string>();
  return eachBatch(
    ctx,
    file,
    (doc, position) => {
      const mapped = mapUser(doc, position);
      return isSkip(mapped) ? mapped : { id: mapped.user.id, ...mapped };
    },
    async (db, batch) => {
      const counts = emptyCounts();
      const notes: ReportNote[] = [];
      const holders = await repo.usersHolding(
        db,
        batch.map((m) => m.id),
        batch.map((m) => m.user.email),
      );
      const batchSeen = ctx.dryRun ? seen : new Set<string>();
      const inserts = batch.filter((m) => {
        // Imported before: left as it is, whatever changed in either app since (its password may be the product's own by now).
        if (holders.some((h) => h.id === m.id)) {
          counts.unchanged++;
          return false;
        }
        if (batchSeen.has(m.user.email) || holders.some((h) => h.email === m.user.email)) {
          counts.skipped++;
          notes.push({
            id: m.id,
            field: 'email',
            outcome: 'skipped',
            reason: 'a staff account with this email already exists: not merged',
          });
          return false;
        }
        batchSeen.add(m.user.email);
        if (m.notes.length) counts.withNotes++;
        notes.push(...m.notes);
        return true;
      });
      counts.imported = inserts.length;
      if (!ctx.dryRun) {
        await repo.insertUsers(
          db,
          inserts.map((m) => m.user),
        );
      }
      return { counts, notes, filesQueued: 0 };
    },
  );
}

export async function importSlides(ctx: StepContext, file: CollectionFile) {
  return eachBatch(
    ctx,
    file,
    (doc, position) => {
      const mapped = mapSlide(doc, position);
      return isSkip(mapped) ? mapped : { id: mapped.slide.id, ...mapped };
    },
    async (db, batch) => {
      const counts = emptyCounts();
      const notes: ReportNote[] = [];
      const existing = await repo.updatedAtOf(
        db,
        'slides',
        batch.map((m) => m.id),
      );
      const inserts = batch.filter((m) => !existing.has(m.id));
      const updates = batch.filter((m) => existing.has(m.id) && m.slide.updatedAt > existing.get(m.id)!);
      counts.unchanged = batch.length - inserts.length - updates.length;
      for (const m of [...inserts, ...updates]) {
        if (m.notes.length) counts.withNotes++;
        notes.push(...m.notes);
      }
      counts.imported = inserts.length;
      counts.updated = updates.length;
      if (!ctx.dryRun) {
        await repo.insertSlides(
          db,
          inserts.map((m) => m.slide),
        );
        for (const m of updates) await repo.updateSlide(db, m.slide);
      }
      return { counts, notes, filesQueued: 0 };
    },
  );
}
