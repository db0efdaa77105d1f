import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are random (never derived from a user's file name) and may
 * contain one '/' level: `private/…` for personal files, `public/…` for slide images.
 */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

/** One stored object as a listing shows it. */
export interface StoredEntry {
  key: string;
  size: number;
  lastModified: Date;
}

export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Every object with a valid key, in no set order; for the orphan sweep and backups. */
  list(): AsyncIterable<StoredEntry>;
  /** Throws when the store cannot be reached or written (the readiness probe). */
  check(): Promise<void>;
  /** Removes what writes killed half-way left behind, older than `before`; only stores that can leave such things. */
  removeStaleTemp?(before: Date): Promise<number>;
}

const KEY_PATTERN = /^(private|public)\/[a-z0-9][a-z0-9._-]{0,120}$/;
export const isValidKey = (key: string) => KEY_PATTERN.test(key) && !key.includes('..');
