import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import zlib from 'node:zlib';
import { BSON, EJSON } from 'bson';
import { CsvError, parse } from 'csv-parse';
import { csvCellValue } from '../../domain/applications/csv.js';

/**
 * The earlier app's collections as streams of documents, read a piece at a time so a dump of any
 * size goes through in flat memory. Each document comes with how many bytes of its file have been
 * read so far (the progress line's estimate of what is left) and its place in the file (how the
 * report names a document that has no readable id).
 */
export interface SourceDocument {
  /** The document, or the reason it could not be read. */
  doc: Record<string, unknown> | { unreadable: string };
  bytesRead: number;
  position: number;
}

export class SourceError extends Error {}

/**
 * A mongoexport file: a JSON array of documents or one document per line, in Extended JSON
 * (relaxed or canonical). The text is cut into top-level objects by following strings and braces,
 * so neither form is ever held whole.
 */
export async function* readJsonDocuments(file: string): AsyncGenerator<SourceDocument> {
  const decoder = new StringDecoder('utf8');
  let bytesRead = 0;
  let position = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let carry = '';
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    bytesRead += chunk.length;
    const text = decoder.write(chunk);
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        continue;
      }
      if (depth > 0) {
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          depth--;
          if (depth === 0) {
            position++;
            yield { doc: parseExtendedJson(carry + text.slice(start, i + 1)), bytesRead, position };
            carry = '';
          }
        }
        continue;
      }
      // Between documents only the array's brackets, commas, white space and a byte-order mark.
      if (c === 0x7b) {
        depth = 1;
        start = i;
        carry = '';
      } else if (!(c === 0x5b || c === 0x5d || c === 0x2c || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff)) {
        throw new SourceError(`${file} is not a mongoexport file (a JSON array, or one document per line).`);
      }
    }
    if (depth > 0) carry += text.slice(start);
  }
  if (depth > 0) {
    position++;
    yield { doc: { unreadable: 'the file ends in the middle of this document' }, bytesRead, position };
  }
}

function parseExtendedJson(text: string): SourceDocument['doc'] {
  try {
    const value = EJSON.parse(text, { relaxed: true }) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { unreadable: 'not a document' };
  } catch {
    return { unreadable: 'not readable Extended JSON' };
  }
}

/** The most a BSON document may hold (MongoDB's limit), so a damaged length cannot make the reader wait for gigabytes. */
const MAX_BSON_DOCUMENT = 16 * 1024 * 1024;

/**
 * A mongodump file (`<collection>.bson`, or `.bson.gz` from `mongodump --gzip`): documents one
 * after another, each starting with its length as a 4-byte little-endian integer.
 */
export async function* readBsonDocuments(file: string): AsyncGenerator<SourceDocument> {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  let bytesRead = 0;
  raw.on('data', (chunk) => (bytesRead += chunk.length));
  const stream = file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
  let pending: Buffer = Buffer.alloc(0);
  let position = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let offset = 0;
    while (pending.length - offset >= 4) {
      const length = pending.readInt32LE(offset);
      if (length < 5 || length > MAX_BSON_DOCUMENT) throw new SourceError(`${file} is damaged: a document's length cannot be read.`);
      if (pending.length - offset < length) break;
      position++;
      let doc: SourceDocument['doc'];
      try {
        doc = BSON.deserialize(pending.subarray(offset, offset + length));
      } catch {
        doc = { unreadable: 'not a readable BSON document' };
      }
      offset += length;
      yield { doc, bytesRead, position };
    }
    pending = pending.subarray(offset);
  }
  if (pending.length) throw new SourceError(`${file} ends in the middle of a document.`);
}

/**
 * The product's own CSV export (apps/api/src/modules/domain/applications/csv.ts): headings are the API
 * field names, and the apostrophes the export puts before formula characters are taken away again.
 */
/** Headings the export always writes first: a CSV without them is some other spreadsheet. */
const CSV_REQUIRED = ['_id', 'surname', 'givenN', 'email', 'passport', 'updatedAt'];

export async function* readCsvDocuments(file: string): AsyncGenerator<SourceDocument> {
  const raw = fs.createReadStream(file, { highWaterMark: 1 << 20 });
  let bytesRead = 0;
  raw.on('data', (chunk) => (bytesRead += chunk.length));
  const columns = (header: string[]) => {
    const missing = CSV_REQUIRED.filter((field) => !header.includes(field));
    if (missing.length) throw new SourceError(`${file} is not this product's export: it has no ${missing.join(', ')} column.`);
    return header;
  };
  const parser = raw.pipe(parse({ bom: true, columns, skip_empty_lines: true, relax_column_count: true }));
  let position = 0;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      position++;
      const doc: Record<string, unknown> = {};
      for (const [field, cell] of Object.entries(record)) doc[field] = csvCellValue(cell);
      yield { doc, bytesRead, position };
    }
  } catch (err) {
    if (err instanceof SourceError) throw err;
    // csv-parse's own message may quote the cell it stopped at: only its code and line are said.
    if (err instanceof CsvError) {
      throw new SourceError(`${file} is not a CSV file in the export's format (${err.code} near line ${String(err.lines)}).`);
    }
    throw err;
  }
}
