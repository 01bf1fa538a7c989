/**
 * bench/photos.ts's part 1 in a process of its own, loading only the photo pipeline, so
 * its peak RSS is Node + sharp + what processing takes: `node --import tsx
 * bench/photos-worker.ts FILE [RUNS]` prints {ms, cpuMs, before, peak} as JSON. Several
 * runs, not one: what glibc keeps after each photo shows only over a series.
 */
import { readFileSync } from 'node:fs';
import { processQueued } from '../server/src/features/photos/processing-queue.ts';

const input = readFileSync(process.argv[2]!);
const runs = Number(process.argv[3] ?? 10);
const before = process.memoryUsage().rss;
const cpuBefore = process.cpuUsage();
const ms: number[] = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  await processQueued(input);
  ms.push(performance.now() - started);
}
const cpu = process.cpuUsage(cpuBefore);
const peak = process.resourceUsage().maxRSS * 1024;
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000 / runs, before, peak }));
