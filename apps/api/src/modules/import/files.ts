import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Storage } from '../../infra/storage/storage.js';

/** What the files step works with: the database holding `import_files`, and where files are stored. */
export interface ImportFilesContext {
  config: Config;
  db: Db;
  storage: Storage;
}

export interface ImportFilesOptions {
  concurrency: number;
  onProgress?: (progress: { done: number; total: number }) => void;
}

export interface ImportFilesResult {
  stored: number;
  missing: number;
  problems: { collection: 'applications'; id: string; field: string; reason: string }[];
}

/**
 * The files step of an import: fetches the photo and document addresses waiting in `import_files`
 * and stores them. This build leaves every row pending and answers zeros; the step that fetches
 * them replaces this file.
 */
export async function runImportFiles(ctx: ImportFilesContext, options: ImportFilesOptions): Promise<ImportFilesResult> {
  void ctx;
  void options;
  return { stored: 0, missing: 0, problems: [] };
}
