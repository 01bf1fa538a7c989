/**
 * bench/photos.ts's part 1 in a process of its own, loading only the photo pipeline, so
 * its peak RSS is Node + sharp + what processing takes: `node --import tsx
 * bench/photos-worker.ts FILE` prints {ms, before, peak} as JSON.
 */
import { readFileSync } from 'node:fs';
import { processQueued } from '../server/src/features/photos/processing-queue.ts';

const input = readFileSync(process.argv[2]!);
const before = process.memoryUsage().rss;
const ms: number[] = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  await processQueued(input);
  ms.push(performance.now() - started);
}
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ ms, before, peak }));
