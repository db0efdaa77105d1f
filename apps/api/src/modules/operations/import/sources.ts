import fs from 'node:fs';
import path from 'node:path';
import { type SourceDocument, SourceError, readBsonDocuments, readCsvDocuments, readJsonDocuments } from './readers.js';

/** The earlier app's collections (mongoose's plural names of its models). */
const COLLECTIONS = ['users', 'applications', 'sliders'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export type SourceKind = 'mongoexport' | 'mongodump' | 'csv';

export interface CollectionFile {
  collection: Collection;
  file: string;
  size: number;
  read: () => AsyncGenerator<SourceDocument>;
}

export interface Source {
  kind: SourceKind;
  /** In the order they are imported: staff accounts, applications, slides. */
  files: CollectionFile[];
}

const fileOf = (collection: Collection, file: string, read: (file: string) => AsyncGenerator<SourceDocument>): CollectionFile => ({
  collection,
  file,
  size: fs.statSync(file).size,
  read: () => read(file),
});

/** The first of these names present in a folder, or undefined. */
const firstPresent = (dir: string, names: string[]) => names.map((n) => path.join(dir, n)).find((f) => fs.existsSync(f));

function mongodumpIn(dir: string): CollectionFile[] {
  const files: CollectionFile[] = [];
  for (const collection of COLLECTIONS) {
    const file = firstPresent(dir, [`${collection}.bson`, `${collection}.bson.gz`]);
    if (file) files.push(fileOf(collection, file, readBsonDocuments));
  }
  return files;
}

/**
 * Which kind of source a path is: a `.csv` file is the product's own export (applications only); a
 * folder with `applications.json` (or `users.json`, `sliders.json`) holds mongoexport files; a
 * folder with `applications.bson` (or `.bson.gz`), directly or in its one database folder, is a
 * mongodump.
 */
export function detectSource(source: string): Source {
  let stat;
  try {
    stat = fs.statSync(source);
  } catch {
    throw new SourceError(`${source} does not exist.`);
  }
  if (stat.isFile()) {
    if (source.toLowerCase().endsWith('.csv')) return { kind: 'csv', files: [fileOf('applications', source, readCsvDocuments)] };
    throw new SourceError(`${source} is a file but not a .csv export; give the folder of a mongoexport or a mongodump.`);
  }
  const exported = COLLECTIONS.flatMap((collection) => {
    const file = firstPresent(source, [`${collection}.json`]);
    return file ? [fileOf(collection, file, readJsonDocuments)] : [];
  });
  if (exported.length) return { kind: 'mongoexport', files: exported };
  const dumped = mongodumpIn(source);
  if (dumped.length) return { kind: 'mongodump', files: dumped };
  // mongodump writes dump/<database>/<collection>.bson: accept the dump folder when it holds one database.
  const databases = fs
    .readdirSync(source, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, files: mongodumpIn(path.join(source, e.name)) }))
    .filter((d) => d.files.length);
  if (databases.length === 1) return { kind: 'mongodump', files: databases[0]!.files };
  if (databases.length > 1) {
    throw new SourceError(`${source} holds several databases (${databases.map((d) => d.name).join(', ')}); give the folder of one.`);
  }
  throw new SourceError(
    `${source} holds neither mongoexport files (applications.json, users.json, sliders.json) nor a mongodump (applications.bson, …).`,
  );
}
