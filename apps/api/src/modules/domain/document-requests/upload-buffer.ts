import fs from 'node:fs/promises';
import { DOCUMENT_MAX_BYTES } from '@visa/shared/constants';

/**
 * A finished upload's staged file, read back for its read-through (ADR 0063) into one buffer of the
 * largest size tus takes, lent to one upload at a time, rather than into a fresh buffer per document.
 *
 * Why: a fresh buffer of several megabytes lives through the read-through and the store's write, and
 * with the request's own chunks it is the memory V8 weighs when it decides to run a full collection:
 * uploads one after another brought about one full collection each, whose cost grows with everything
 * else the app keeps on its heap. A buffer used again brings none.
 *
 * The buffer is held while uploads come in and for a minute after the last one, then only weakly:
 * V8's memory reducer collects it with the rest once the server is idle, so a server that takes no
 * uploads holds nothing. Held only weakly throughout, one full collection would free it and the next
 * upload's fresh buffer would bring on the next one. An upload finishing while the buffer is lent
 * reads into a buffer of its own, as before.
 */
const HELD_AFTER_USE_MS = 60_000;
let kept: WeakRef<Buffer> | undefined;
let held: Buffer | undefined;
let letGo: NodeJS.Timeout | undefined;
let lent = false;

/** Keeps the buffer for a minute more; the timer never keeps the process alive. */
function holdAfterUse(buffer: Buffer) {
  held = buffer;
  if (letGo) letGo.refresh();
  else
    letGo = setTimeout(() => {
      held = undefined;
      letGo = undefined;
    }, HELD_AFTER_USE_MS).unref();
}

async function readInto(handle: fs.FileHandle, buffer: Buffer, size: number): Promise<Buffer> {
  let read = 0;
  while (read < size) {
    const { bytesRead } = await handle.read(buffer, read, size - read, read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}

/**
 * Calls `use` with the bytes of the staged file `file`. The bytes may be a view of the shared buffer:
 * they must not be kept, or handed to anything that keeps them, once `use` has settled.
 */
export async function withStagedBytes<T>(file: string, use: (bytes: Buffer) => Promise<T>): Promise<T> {
  let borrowed: Buffer | undefined;
  try {
    let bytes: Buffer;
    const handle = await fs.open(file, 'r');
    try {
      const { size } = await handle.stat();
      let buffer: Buffer;
      if (!lent && size <= DOCUMENT_MAX_BYTES) {
        lent = true;
        const spare = held ?? kept?.deref();
        buffer = borrowed = spare ?? Buffer.allocUnsafeSlow(DOCUMENT_MAX_BYTES);
        if (!spare) kept = new WeakRef(buffer);
      } else buffer = Buffer.allocUnsafeSlow(size);
      bytes = await readInto(handle, buffer, size);
    } finally {
      await handle.close();
    }
    return await use(bytes);
  } finally {
    if (borrowed) {
      lent = false;
      holdAfterUse(borrowed);
    }
  }
}
