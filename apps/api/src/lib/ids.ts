import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters, ObjectId-like: 4-byte time then 8 random bytes (DESIGN.md §3). */
export function newId(now = Date.now()): string {
  const time = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + randomBytes(8).toString('hex');
}
