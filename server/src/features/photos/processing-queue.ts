import os from 'node:os';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { processPhoto, type ProcessedPhoto } from './process.ts';

/**
 * How many photos are decoded at once, and with how many threads each (decision 021).
 * sharp runs on libuv's pool (4 threads by default) and libvips threads each image; on the
 * 2-core box this runs on, two photos at a time with one vips thread each keep both cores
 * busy without a burst of uploads each holding its buffers (~25 MB a photo, decision 021)
 * or starving the pool that the database driver and file reads share too. Setting this
 * also keeps sharp's choice when `npm run serve` sets MALLOC_ARENA_MAX (sharp then no
 * longer drops to one thread by itself).
 */
const cores = Math.max(1, os.availableParallelism());
const PARALLEL_PHOTOS = Math.min(2, cores);
sharp.concurrency(Math.max(1, Math.floor(cores / PARALLEL_PHOTOS)));

const queue = pLimit(PARALLEL_PHOTOS);

/** Processes one upload when a slot is free; uploads beyond the slots wait their turn. */
export const processQueued = (file: Buffer): Promise<ProcessedPhoto> =>
  queue(() => processPhoto(file));
