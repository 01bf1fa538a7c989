import { Readable } from 'node:stream';

/** About what one TCP write carries well; far fewer stream chunks than one per spot. */
const CHUNK_CHARS = 64 * 1024;

/** A stream of the writer's pieces, joined into chunks of ~64 KB. */
export function chunkedStream(pieces: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      let buffer = '';
      for await (const piece of pieces) {
        buffer += piece;
        if (buffer.length >= CHUNK_CHARS) {
          yield buffer;
          buffer = '';
        }
      }
      if (buffer) yield buffer;
    })(),
  );
}
