import { createReadStream, statSync } from 'node:fs';
import { PassThrough, Transform } from 'node:stream';
import osmPbfParser from 'osm-pbf-parser';
import { ExtractFileError, type OnBytesRead, type OsmElement } from './osm-element.ts';

type PbfBlobParser = Transform & {
  /** bytes of complete blobs parsed so far (osm-pbf-parser's own bookkeeping) */
  _offset: number;
};

/**
 * The elements of an .osm.pbf file, in batches (one per PBF block), via osm-pbf-parser.
 * It streams block by block, so memory stays flat whatever the file's size. The parser
 * silently stops at a cut-off blob, so the bytes it consumed are checked against the
 * file's size: a truncated download is an error, not a smaller region.
 */
export async function* readPbf(file: string, onBytes?: OnBytesRead): AsyncGenerator<OsmElement[]> {
  const size = statSync(file).size;
  const blobs = new osmPbfParser.BlobParser() as PbfBlobParser;
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      onBytes?.(read);
      done(null, chunk);
    },
  });
  const input = createReadStream(file, { highWaterMark: 1 << 20 });
  const elements = input
    .pipe(counter)
    .pipe(blobs)
    .pipe(new osmPbfParser.BlobDecompressor())
    .pipe(new osmPbfParser.PrimitivesParser())
    // osm-pbf-parser's streams (readable-stream 2) aren't async-iterable; Node's are.
    .pipe(new PassThrough({ objectMode: true, highWaterMark: 4 }));
  const failed = new Promise<never>((_, reject) => {
    for (const stream of [input, counter, blobs, elements] as NodeJS.EventEmitter[]) {
      stream.on('error', (error: unknown) => reject(pbfError(error)));
    }
  });
  failed.catch(() => {}); // raced below; an unobserved rejection must not crash
  const iterator = (elements as PassThrough & AsyncIterable<OsmElement[]>)[Symbol.asyncIterator]();
  for (;;) {
    const next = await Promise.race([iterator.next(), failed]).catch((error: unknown) => {
      throw pbfError(error);
    });
    if (next.done) break;
    yield next.value;
  }
  if (blobs._offset !== size) {
    throw new ExtractFileError(
      `the PBF file ends in the middle of a block (${blobs._offset} of ${size} bytes read): ` +
        'it is truncated, download it again',
    );
  }
}

function pbfError(error: unknown): Error {
  if (error instanceof ExtractFileError) return error;
  // osm-pbf-parser throws strings and protobuf decode errors: say what it means.
  const detail = error instanceof Error ? error.message : String(error);
  return new ExtractFileError(`the PBF file is damaged (${detail})`);
}
