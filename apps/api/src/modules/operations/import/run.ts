import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@visa/shared/audit-actions';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import type { AppContext } from '../../../context.js';
import { recordAudit } from '../../kernel/audit/repository.js';
import { runImportFiles } from './files.js';
import type { Progress } from './progress.js';
import { type ReportWriter } from './report.js';
import { type Source, type SourceKind } from './sources.js';
import { type Counts, type StepContext, emptyCounts, importApplications, importSlides, importUsers } from './steps.js';

export interface ImportSummary {
  kind: SourceKind;
  dryRun: boolean;
  users: Counts;
  applications: Counts;
  slides: Counts;
  files: {
    /** Addresses of photos and documents handed to the files step (a dry run: that would be). */
    queued: number;
    stored: number;
    missing: number;
  };
}

export interface ImportRun {
  config: Config;
  db: Db;
  /** The app's context, for the files step: it stores files as a staff upload does. */
  app: AppContext;
  source: Source;
  dryRun: boolean;
  filesConcurrency: number;
  report: ReportWriter;
  progress: Progress;
}

const STEPS = { users: importUsers, applications: importApplications, sliders: importSlides } as const;

/**
 * An import of the earlier app's data (ADR 0041): staff accounts, then applications, then slides,
 * each streamed from its file and written a batch at a time; then, unless dry, the files step
 * fetches the photos and documents the applications pointed at. One audit entry records the run.
 */
export async function runImport(run: ImportRun): Promise<ImportSummary> {
  const summary: ImportSummary = {
    kind: run.source.kind,
    dryRun: run.dryRun,
    users: emptyCounts(),
    applications: emptyCounts(),
    slides: emptyCounts(),
    files: { queued: 0, stored: 0, missing: 0 },
  };
  const doneBefore = { documents: 0, bytes: 0 };
  for (const file of run.source.files) {
    const ctx: StepContext = {
      config: run.config,
      db: run.db,
      dryRun: run.dryRun,
      report: run.report,
      onBatch: (documents, bytesRead) =>
        run.progress.update(doneBefore.documents + documents, doneBefore.bytes + bytesRead, file.collection),
    };
    const { counts, filesQueued } = await STEPS[file.collection](ctx, file);
    summary[file.collection === 'sliders' ? 'slides' : file.collection] = counts;
    summary.files.queued += filesQueued;
    doneBefore.documents += counts.imported + counts.updated + counts.unchanged + counts.skipped;
    doneBefore.bytes += file.size;
  }

  if (!run.dryRun) {
    const files = await runImportFiles(run.app, {
      concurrency: run.filesConcurrency,
      onProgress: ({ stored, missing, pending }) => run.progress.files(stored + missing, stored + missing + pending),
      onHeld: ({ files, lapsesInMs }) => run.progress.held(files, lapsesInMs),
    });
    summary.files.stored = files.stored;
    summary.files.missing = files.missing;
    run.report.add(
      'applications',
      files.problems.map((p) => ({ id: p.id, field: p.field, outcome: 'missing' as const, reason: p.reason })),
    );
    // A dry run writes nothing, its history entry included: the report file is its record.
    await recordAudit(run.db, {
      actorUserId: null,
      action: AUDIT_ACTIONS.dataImport.run,
      entity: AUDIT_ENTITIES.dataImport,
      entityId: null,
      details: {
        source: summary.kind,
        users: summary.users,
        applications: summary.applications,
        slides: summary.slides,
        files: summary.files,
      },
    });
  }
  run.progress.done();
  return summary;
}
