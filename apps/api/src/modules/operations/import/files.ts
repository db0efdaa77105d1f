import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DOCUMENT_MAX_BYTES, IMAGE_MAX_BYTES_ADD } from '@visa/shared/constants';
import { IMPORT_FILE_REASONS as R } from '@visa/shared/import-texts';
import type { AppContext } from '../../../context.js';
import { clockOf } from '../../../lib/clock.js';
import { isErased } from '../../domain/applications/repository.js';
import { attachFile, maxBytesFor, recordErased, recordMissing } from './files-attach.js';
import { type FetchOptions, fetchFile, filenameOf } from './files-fetch.js';
import { type ClaimedFile, claimNextFile, countFiles, heldFiles, listMissingFiles, renewClaim } from './files-repository.js';

/**
 * The import's files step (ADR 0042): brings in the photos and documents the earlier app kept as
 * addresses, one import_files row each, and ends each row stored or missing with its reason.
 */

export interface ImportFilesOptions {
  /** How many files are fetched and processed at once. */
  concurrency: number;
  onProgress?: (done: { stored: number; missing: number; pending: number }) => void;
  /** Per request; a file that does not arrive in time is tried again. */
  timeoutMs?: number;
  /** Tries in all for a file whose failure may pass (time-out, 5xx, broken connection). */
  attempts?: number;
  /** The wait before the second try; each later one doubles it. */
  retryDelayMs?: number;
  /** Allow loopback and private addresses; defaults to the IMPORT_ALLOW_PRIVATE_HOSTS setting. */
  allowPrivateHosts?: boolean;
  /** How long a claim holds unless its run renews it; tests shorten it. */
  claimHoldMs?: number;
  /** Told while the step waits for files another run holds, or held when it was stopped. */
  onHeld?: (held: { files: number; lapsesInMs: number }) => void;
  /** How the step waits for them; tests pass one that moves their clock on. */
  wait?: (ms: number) => Promise<void>;
}

export interface ImportFilesResult {
  /** Files stored and files missing, over the whole import (earlier runs included). */
  stored: number;
  missing: number;
  problems: { collection: 'applications'; id: string; field: string; reason: string }[];
}

const DEFAULTS = { timeoutMs: 30_000, attempts: 3, retryDelayMs: 2_000 };

/**
 * How often a run that has nothing left to claim looks again at the rows another run holds: one
 * settled by a live run is seen soon, one held by a stopped run is taken up once its claim lapses.
 */
const HELD_LOOK_MS = 1_000;

/**
 * A row claimed more often than this was being worked on each time its process stopped: given up
 * on as missing rather than taken up for ever.
 */
const MAX_CLAIMS = 5;

/**
 * How long a claim holds unless renewed. The run holding a row renews its claim a few times within
 * this while it works on the file, however long the file takes; a killed run renews nothing, so a
 * run started again takes its rows up soon after.
 */
const CLAIM_HOLD_MS = 30_000;

async function workOn(ctx: AppContext, file: ClaimedFile, fetch: Omit<FetchOptions, 'maxBytes'>): Promise<void> {
  let name = 'unnamed file';
  try {
    name = filenameOf(new URL(file.url));
  } catch {
    // An address that does not parse is reported by fetchFile with its reason.
  }
  if (file.attempts > MAX_CLAIMS) {
    await recordMissing(ctx, file, name, R.interrupted);
    return;
  }
  // Nothing is fetched for an applicant erased since the import; attaching checks again, for one
  // erased while the file comes.
  if (await isErased(ctx.db, file.applicationId)) {
    await recordErased(ctx, file);
    return;
  }
  const maxBytes = maxBytesFor(file.field, { photo: IMAGE_MAX_BYTES_ADD, document: DOCUMENT_MAX_BYTES });
  const fetched = await fetchFile(file.url, { ...fetch, maxBytes });
  if (!fetched.ok) {
    await recordMissing(ctx, file, name, fetched.reason);
    return;
  }
  await attachFile(ctx, file, fetched);
}

/**
 * Works through the rows nobody holds with `concurrency` workers, each claiming one row at a time,
 * until none is left; then waits for the rows another process holds until it settles them or its
 * claim lapses (it was stopped), and takes those up. Safe to run again at any time and
 * from several processes at once: a stored or missing row is never fetched again, and a row is
 * fetched by one process at a time.
 */
export async function runImportFiles(ctx: AppContext, options: ImportFilesOptions): Promise<ImportFilesResult> {
  const fetch: Omit<FetchOptions, 'maxBytes'> = {
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    attempts: Math.max(1, options.attempts ?? DEFAULTS.attempts),
    retryDelayMs: options.retryDelayMs ?? DEFAULTS.retryDelayMs,
    allowPrivateHosts: options.allowPrivateHosts ?? ctx.config.IMPORT_ALLOW_PRIVATE_HOSTS,
  };
  const lease = options.claimHoldMs ?? CLAIM_HOLD_MS;
  const claim = randomBytes(16).toString('hex');
  const clock = clockOf(ctx);
  const report = async () => options.onProgress?.(await countFiles(ctx.db));

  const worker = async () => {
    for (;;) {
      const now = clock();
      const file = await claimNextFile(ctx.db, claim, now, new Date(now.getTime() + lease));
      if (!file) return;
      const renewal = setInterval(() => {
        renewClaim(ctx.db, file, new Date(clock().getTime() + lease)).catch(() => {
          // A renewal that fails leaves the claim to lapse: settling then finds it lost and undoes its work.
        });
      }, lease / 3);
      try {
        await workOn(ctx, file, fetch);
      } catch (err) {
        // Storage or database trouble: the row stays pending under its claim and is taken up again
        // once the claim lapses; the run goes on with the others. Keys and ids only in the log.
        ctx.log.warn({ err, applicationId: file.applicationId, field: file.field }, 'import file not brought in this time');
      } finally {
        clearInterval(renewal);
      }
      await report();
    }
  };
  const wait = options.wait ?? ((ms: number) => sleep(ms));
  for (;;) {
    await Promise.all(Array.from({ length: Math.max(1, Math.floor(options.concurrency)) }, worker));
    // Rows a killed run had in hand stay claimed until their lease lapses: the run waits for them
    // rather than ending with them still pending, so a run started again after a kill finishes.
    const held = await heldFiles(ctx.db, clock(), claim);
    if (!held) break;
    const lapsesInMs = Math.max(0, held.firstLapse.getTime() - clock().getTime());
    options.onHeld?.({ files: held.count, lapsesInMs });
    await wait(Math.min(HELD_LOOK_MS, lapsesInMs + 1));
  }

  const counts = await countFiles(ctx.db);
  const missing = await listMissingFiles(ctx.db);
  return {
    stored: counts.stored,
    missing: counts.missing,
    problems: missing.map((m) => ({ collection: 'applications', id: m.applicationId, field: m.field, reason: m.reason })),
  };
}
