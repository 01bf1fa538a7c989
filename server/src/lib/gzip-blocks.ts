import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, inflateRaw, type ZlibOptions } from 'node:zlib';

const deflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(deflateRaw);
const inflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(inflateRaw);

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
 * a 2,000-spot list: one stream 74.3 KB; blocks of 64 items 98.5 KB with no dictionary,
 * 77.7 KB with 8 KB. So a changed block also re-deflates the next one when its own last
 * 8 KB changed. Each block keeps those 8 KB deflated alone (~1-2 KB) for that.
 */
export const BLOCK_ITEMS = 64;
const DICTIONARY_BYTES = 8 * 1024;

interface Deflated {
  deflated: Buffer;
  /** CRC-32 and byte length of the text it holds */
  crc: number;
  length: number;
}
interface Block extends Deflated {
  /** byte length of each item's text in the block */
  itemLengths: number[];
  /** its text's last `DICTIONARY_BYTES`, deflated alone: the next block's dictionary */
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

async function deflated(text: Buffer, options: ZlibOptions): Promise<Deflated> {
  return { deflated: await deflateRawAsync(text, options), crc: crc32(text), length: text.length };
}

/** A block of `items` (texts), deflated with `dictionary` (the block before's end). */
async function deflatedBlock(
  items: Buffer[],
  dictionary: Buffer | undefined,
  text = Buffer.concat(items),
): Promise<Block> {
  const [block, end] = await Promise.all([
    deflated(text, withDictionary(dictionary)),
    deflateRawAsync(endOf(text), SYNC),
  ]);
  return { ...block, itemLengths: items.map((item) => item.length), end };
}

const endOf = (text: Buffer) => text.subarray(Math.max(0, text.length - DICTIONARY_BYTES));

const headAndTail = async (head: string, tail: string) => ({
  head: await deflated(Buffer.from(head), SYNC),
  tail: await deflated(Buffer.from(tail), { finishFlush: constants.Z_FINISH }),
});

/** `head`, `items` and `tail` in blocks (the items' texts joined as they are). */
export async function gzipInBlocks(
  head: string,
  items: string[],
  tail: string,
): Promise<GzipBlocks> {
  const texts: Buffer[][] = [];
  for (let start = 0; start < items.length; start += BLOCK_ITEMS) {
    texts.push(items.slice(start, start + BLOCK_ITEMS).map((item) => Buffer.from(item)));
  }
  const joined = texts.map((items) => Buffer.concat(items));
  const blocks = await Promise.all(
    texts.map((items, i) => deflatedBlock(items, i ? endOf(joined[i - 1]!) : undefined, joined[i])),
  );
  return { ...(await headAndTail(head, tail)), blocks };
}

/**
 * `gzipped` with the items at the given indexes replaced and a new `head` and `tail`:
 * only the blocks holding those items are inflated and deflated again, and the block
 * after each when the changed one's end (its dictionary) moved.
 */
export async function replaceItems(
  gzipped: GzipBlocks,
  head: string,
  replaced: Map<number, string>,
  tail: string,
): Promise<GzipBlocks> {
  const blocks = [...gzipped.blocks];
  const ends = new Map<number, Buffer>();
  const endText = async (i: number) =>
    ends.get(i) ?? ends.set(i, await inflateRawAsync(blocks[i]!.end, SYNC)).get(i)!;
  /** A block's items' texts, inflated with the dictionary it was deflated with. */
  const itemsOf = async (i: number): Promise<Buffer[]> => {
    const block = blocks[i]!;
    const dictionary = i ? await endText(i - 1) : undefined;
    const text = await inflateRawAsync(block.deflated, withDictionary(dictionary));
    let offset = 0;
    return block.itemLengths.map((length) => text.subarray(offset, (offset += length)));
  };

  const changed = new Map<number, Buffer[]>();
  for (const [index, item] of replaced) {
    const i = Math.floor(index / BLOCK_ITEMS);
    const items = changed.get(i) ?? changed.set(i, await itemsOf(i)).get(i)!;
    items[index % BLOCK_ITEMS] = Buffer.from(item);
  }
  // The next block's dictionary moves only when a changed block's end did.
  const redone = new Map(changed);
  const newEnds = new Map<number, Buffer>();
  for (const [i, items] of changed) {
    newEnds.set(i, endOf(Buffer.concat(items)));
    const next = i + 1;
    if (next < blocks.length && !redone.has(next) && !newEnds.get(i)!.equals(await endText(i))) {
      redone.set(next, await itemsOf(next));
    }
  }
  const dictionaryOf = async (i: number) =>
    i === 0 ? undefined : (newEnds.get(i - 1) ?? (await endText(i - 1)));
  await Promise.all(
    [...redone].map(async ([i, items]) => {
      blocks[i] = await deflatedBlock(items, await dictionaryOf(i));
    }),
  );
  return { ...(await headAndTail(head, tail)), blocks };
}

/** The gzip member's bytes: header, the deflated parts, the whole text's CRC-32 and length. */
export function gzipBytes({ head, blocks, tail }: GzipBlocks): Buffer {
  const parts = [head, ...blocks, tail];
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combined(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...parts.map((part) => part.deflated), trailer]);
}

/** Deflate, no name, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

let zeros = Buffer.alloc(64 * 1024);

/**
 * CRC-32 of a text `a` followed by `b`, from CRC-32(a), CRC-32(b) and b's length. zlib has
 * this (crc32_combine) but Node doesn't expose it. A CRC is affine over GF(2): a‖b is
 * (a‖0ⁿ) xor (0^|a|‖b), and leading zeros change only the constant, which CRC-32(0ⁿ)
 * cancels: crc(a‖b) = crc(a‖0ⁿ) xor crc(b) xor crc(0ⁿ). Costs a CRC of 2n bytes
 * (~0.4 ms for 1 MB), which a patch of a big answer pays once for the whole text.
 */
function crc32Combined(crcA: number, crcB: number, lengthB: number): number {
  if (zeros.length < lengthB) zeros = Buffer.alloc(lengthB);
  const run = zeros.subarray(0, lengthB);
  return (crc32(run, crcA) ^ crcB ^ crc32(run)) >>> 0;
}
