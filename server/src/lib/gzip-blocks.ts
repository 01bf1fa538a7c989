import {
  constants,
  crc32,
  deflateRawSync,
  gunzipSync,
  inflateRawSync,
  type ZlibOptions,
} from 'node:zlib';
import { crc32Combined } from './crc32-combine.ts';

/**
 * A gzip member made of separately deflated blocks, as pigz writes them, so that changing
 * a few items recompresses only their blocks instead of the whole text
 * (docs/decisions/023-workers-and-mixed-load.md, "A list answer patched", which says why
 * this is our own code: no npm package keeps a gzip stream patchable).
 *
 * The text is `head`, then the items, then `tail`. Each block of `BLOCK_ITEMS` items is its
 * own raw deflate stream ended by a sync flush (byte-aligned, not final), so the blocks
 * concatenate into one valid deflate stream that the tail's final block ends. A block is
 * deflated with the last `DICTIONARY_BYTES` of the block before as its dictionary (pigz
 * does the same with 32 KB): a decoder has those bytes right behind it, and a block that
 * started from nothing would repeat the JSON keys the block before already sent. Measured on
 * a 2,000-spot list: one stream 74.2 KB; blocks of 64 items 98.5 KB with no dictionary,
 * 77.7 KB with 8 KB, in the same CPU time as one stream (8.6 ms against 8.2). So a changed
 * block also re-deflates the next one when its own last 8 KB changed; each block keeps
 * those 8 KB as they are for that (deflating them too cost ~2.5 ms per 2,000 spots).
 *
 * Synchronous: it runs in the list build thread, whose event loop serves nobody else, and
 * on the main thread only for lists under 100 spots (two blocks at most, ~0.5 ms). zlib on
 * libuv's pool cost 2.4 times the CPU of these calls for a 2,000-spot list.
 */
export const BLOCK_ITEMS = 64;
const DICTIONARY_BYTES = 8 * 1024;

export interface Deflated {
  deflated: Buffer;
  /** CRC-32 and byte length of the text it holds */
  crc: number;
  length: number;
}
interface Block extends Deflated {
  /** byte length of each item's text in the block */
  itemLengths: number[];
  /** its text's last `DICTIONARY_BYTES`: the next block's dictionary */
  end: Buffer;
}
export interface GzipBlocks {
  head: Deflated;
  blocks: Block[];
  tail: Deflated;
}

const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
const withDictionary = (dictionary: Buffer | undefined): ZlibOptions =>
  dictionary ? { ...SYNC, dictionary } : SYNC;

const deflated = (text: Buffer, options: ZlibOptions): Deflated => ({
  deflated: deflateRawSync(text, options),
  crc: crc32(text),
  length: text.length,
});

/** A copy, not a view that would keep the whole block's text alive. */
const endOf = (text: Buffer) =>
  Buffer.from(text.subarray(Math.max(0, text.length - DICTIONARY_BYTES)));

/** A block of `items` (texts), deflated with `dictionary` (the block before's end). */
function deflatedBlock(items: Buffer[], dictionary: Buffer | undefined): Block {
  const text = Buffer.concat(items);
  return {
    ...deflated(text, withDictionary(dictionary)),
    itemLengths: items.map((item) => item.length),
    end: endOf(text),
  };
}

/**
 * A text deflated on its own (no dictionary): a part of a gzip member (gzipOfParts), at
 * zlib's default level unless `level` says otherwise.
 */
export const deflatedText = (
  text: string,
  { last = false, level }: { last?: boolean; level?: number } = {},
): Deflated =>
  deflated(Buffer.from(text), {
    ...(last ? { finishFlush: constants.Z_FINISH } : SYNC),
    ...(level === undefined ? {} : { level }),
  });

const headAndTail = (head: string, tail: string) => ({
  head: deflatedText(head),
  tail: deflatedText(tail, { last: true }),
});

/** `head`, `items` and `tail` in blocks (the items' texts joined as they are). */
export function gzipInBlocks(head: string, items: string[], tail: string): GzipBlocks {
  const blocks: Block[] = [];
  for (let start = 0; start < items.length; start += BLOCK_ITEMS) {
    const texts = items.slice(start, start + BLOCK_ITEMS).map((item) => Buffer.from(item));
    blocks.push(deflatedBlock(texts, blocks.at(-1)?.end));
  }
  return { ...headAndTail(head, tail), blocks };
}

/**
 * `gzipped` with the items at the given indexes replaced and a new `head` and `tail`:
 * only the blocks holding those items are inflated and deflated again, and the block
 * after each when the changed one's end (its dictionary) moved.
 */
export function replaceItems(
  gzipped: GzipBlocks,
  head: string,
  replaced: Map<number, string>,
  tail: string,
): GzipBlocks {
  const before = gzipped.blocks;
  /** A block's items' texts, inflated with the dictionary it was deflated with. */
  const itemsOf = (i: number): Buffer[] => {
    const block = before[i]!;
    const text = inflateRawSync(block.deflated, withDictionary(before[i - 1]?.end));
    let offset = 0;
    return block.itemLengths.map((length) => text.subarray(offset, (offset += length)));
  };
  const changed = new Map<number, Buffer[]>();
  for (const [index, item] of replaced) {
    const i = Math.floor(index / BLOCK_ITEMS);
    const items = changed.get(i) ?? changed.set(i, itemsOf(i)).get(i)!;
    items[index % BLOCK_ITEMS] = Buffer.from(item);
  }
  // In order, so that each block is deflated after the one before it, with its new end.
  const blocks = [...before];
  for (const i of [...changed.keys()].sort((a, b) => a - b)) {
    const block = (blocks[i] = deflatedBlock(changed.get(i)!, blocks[i - 1]?.end));
    const next = i + 1;
    if (next < blocks.length && !changed.has(next) && !block.end.equals(before[i]!.end)) {
      blocks[next] = deflatedBlock(itemsOf(next), block.end);
    }
  }
  return { ...headAndTail(head, tail), blocks };
}

/** The gzip member's bytes: header, the deflated parts, the whole text's CRC-32 and length. */
export function gzipBytes({ head, blocks, tail }: GzipBlocks): Buffer {
  return gzipOfParts([head, ...blocks, tail]);
}

/**
 * A gzip member of texts deflated apart (deflatedText), in order, the last one `last`:
 * so an answer made of parts that change at different times compresses only those that did.
 */
export function gzipOfParts(parts: Deflated[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combined(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...parts.map((part) => part.deflated), trailer]);
}

/** Deflate, no name, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * What `gzipBytes` leaves out of a `GzipBlocks`: where each part's deflated bytes lie and
 * what text it holds. With the bytes, `fromGzipBytes` gives the blocks back, so an answer
 * stored as bytes by one process can be patched by another.
 */
export interface GzipLayout {
  /** [deflated bytes, text bytes, text CRC-32] of the head, each block and the tail */
  parts: [deflated: number, length: number, crc: number][];
  /** each block's items' text lengths */
  itemLengths: number[][];
}

export function gzipLayout({ head, blocks, tail }: GzipBlocks): GzipLayout {
  return {
    parts: [head, ...blocks, tail].map((part) => [part.deflated.length, part.length, part.crc]),
    itemLengths: blocks.map((block) => block.itemLengths),
  };
}

/**
 * The blocks of `gzipped` (gzipBytes' output) laid out as `layout` says; undefined when
 * they don't match (the bytes or the layout of another answer). Inflates the whole text
 * once (~2 ms for 1.5 MB) for the blocks' ends.
 */
export function fromGzipBytes(gzipped: Buffer, layout: GzipLayout): GzipBlocks | undefined {
  let text: Buffer;
  try {
    text = gunzipSync(gzipped);
  } catch {
    return undefined;
  }
  let offset = GZIP_HEADER.length;
  let textOffset = 0;
  const parts = layout.parts.map(([deflatedLength, length, crc]) => {
    const deflated = gzipped.subarray(offset, (offset += deflatedLength));
    const end = endOf(text.subarray(textOffset, (textOffset += length)));
    return { deflated, length, crc, end };
  });
  // A head and a tail keep no end; the blocks do.
  const [head, ...rest] = parts;
  const tail = rest.pop();
  if (!head || !tail || offset + 8 !== gzipped.length || textOffset !== text.length) return;
  if (rest.length !== layout.itemLengths.length) return;
  const blocks = rest.map((part, i) => ({ ...part, itemLengths: layout.itemLengths[i]! }));
  const deflated = ({ deflated, length, crc }: Deflated) => ({ deflated, length, crc });
  return { head: deflated(head), blocks, tail: deflated(tail) };
}
