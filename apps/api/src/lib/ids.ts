import { randomBytes } from 'node:crypto';

// ObjectId layout: 4-byte time, 5 random bytes chosen once per process, 3-byte counter. The counter
// makes ids from one process increase, so rows written in the same millisecond (two status changes
// racing each other, say) still sort in the order they were written.
const processPart = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/** 24 lowercase hex characters, ObjectId-like (docs/product.md#data). */
export function newId(now = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const time = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return time + processPart + counter.toString(16).padStart(6, '0');
}
