import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';

/**
 * A PATCH's body as the web stream tus reads it from, without a copy of each chunk. Node's
 * `Readable.toWeb`, which tus's request wrapper uses, copies every chunk into a fresh array "to
 * detach it from the pool"; tus only reads the chunks and writes them to the staged file, so the
 * copy is a second 7 MB of short-lived memory per document, and the full garbage collections it
 * brings on cost more than the rest of the request on the app's heap. Otherwise this is `toWeb`'s
 * own adapter: the request is paused while the stream's queue is full and resumed when it is
 * read, a connection dropped mid-body errors the stream as an AbortError (so tus keeps what was
 * written, ADR 0047), and cancelling the stream destroys the request.
 */
export function requestBodyStream(request: IncomingMessage): ReadableStream<Uint8Array> {
  if (request.destroyed || !request.readable) {
    // As toWeb answers a request already read or gone: a stream with nothing in it.
    const empty = new ReadableStream<Uint8Array>();
    void empty.cancel();
    return empty;
  }
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  request.pause();
  const cleanup = finished(request, (error) => {
    cleanup();
    // A request that emits an error again after it finished must not throw.
    request.on('error', () => undefined);
    if (error && (error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
      return controller.error(
        Object.assign(new Error('The operation was aborted', { cause: error }), { name: 'AbortError', code: 'ABORT_ERR' }),
      );
    if (error) return controller.error(error);
    if (!cancelled) controller.close();
  });
  request.on('data', (chunk: Buffer) => {
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) request.pause();
  });
  return new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: () => {
        request.resume();
      },
      cancel: (reason) => {
        cancelled = true;
        request.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: request.readableHighWaterMark }),
  );
}
