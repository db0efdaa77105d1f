import type { Db } from '../../../db/connection.js';
import { dataDirLayout } from '../../../infra/data-dir.js';
import { deleteMailFiles, listMailFileIds } from '../../../infra/mail-transport.js';
import type { Storage } from '../../../infra/storage/storage.js';
import { heldEmailIds } from '../../domain/applicant-notices/outbox-status-repository.js';
import { sweepFiles } from '../../domain/files/sweep.js';

/**
 * What an erasure could not name (ADR 0064): a mail file whose message the outbox no longer holds
 * (written by a version that kept them at erasure, or by a send that raced it), and, in a restored
 * folder, stored files no row refers to. A message's row exists before its file is written and
 * goes only with an erasure, a withdrawal (waiting ones, never written) or the mail retention
 * (which deletes the files as old), so a file without one is a leftover.
 */
export async function removeUnheldMail(db: Db, dataDir: string): Promise<number> {
  const folder = dataDirLayout(dataDir).outbox;
  const ids = await listMailFileIds(folder);
  const held = await heldEmailIds(db, ids);
  const leftovers = ids.filter((id) => !held.has(id));
  await deleteMailFiles(folder, leftovers);
  return leftovers.length;
}

/** A restored folder, before it takes DATA_DIR's place: nothing writes to it yet, so no file is too young to judge. */
export async function removeRestoredLeftovers(db: Db, dataDir: string, storage: Storage): Promise<number> {
  const mail = await removeUnheldMail(db, dataDir);
  const files = await sweepFiles({ db, storage, minAgeS: 0 });
  return mail + files.removed.length;
}
