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

export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^(private|public)\/[a-z0-9][a-z0-9._-]{0,120}$/;
export const isValidKey = (key: string) => KEY_PATTERN.test(key) && !key.includes('..');
