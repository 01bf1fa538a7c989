/**
 * Preloaded into the server by `bench/mixed-load.ts --gc-trace <dir>`: appends every garbage
 * collection pause of each server process to <dir>/<pid>.gc.ndjson as
 * `[wall-clock ms at its start, pause ms, kind]`, and every turn of its event loop that kept
 * a 20 ms timer waiting 100 ms or more (the bench's `--late-turn-ms`, passed as
 * `SPOTBOOK_LATE_TURN_MS`, sets another) as `[start, ms, 'late turn', main thread CPU ms]`,
 * flushed every 200 ms, so the bench can sum the pauses within each mix's run
 * (`gcPausesBetween` in bench/gc-pauses.ts). A late turn whose main thread used about as
 * much CPU ran JavaScript or GC all along; one that used far less waited: for the kernel to
 * run it, or in a call that blocks.
 */
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');
const { appendFileSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { isMainThread } = require('node:worker_threads');

const dir = process.env.SPOTBOOK_GC_TRACE_DIR;
// The main thread only: it answers every request. Node preloads this into worker threads too
// (the list build and picture threads), whose pauses and busy turns stall no request.
if (dir && isMainThread) {
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  const file = path.join(dir, `${process.pid}.gc.ndjson`);
  const TICK_MS = 20;
  const LATE_MS = Number(process.env.SPOTBOOK_LATE_TURN_MS ?? 100);
  const mainThreadStat = `/proc/${process.pid}/task/${process.pid}/stat`;
  const mainThreadCpuMs = () => {
    const fields = readFileSync(mainThreadStat, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s
  };
  let lastTick = performance.now();
  let lastCpu = mainThreadCpuMs();
  let pending = '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const start = Math.round(performance.timeOrigin + entry.startTime);
      pending += `${JSON.stringify([start, +entry.duration.toFixed(2), KINDS[entry.detail.kind]])}\n`;
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    if (now - lastTick - TICK_MS >= LATE_MS) {
      const start = Math.round(performance.timeOrigin + lastTick);
      pending += `${JSON.stringify([start, Math.round(now - lastTick), 'late turn', cpu - lastCpu])}\n`;
    }
    lastTick = now;
    lastCpu = cpu;
  }, TICK_MS).unref();
  const flush = () => {
    if (pending) appendFileSync(file, pending);
    pending = '';
  };
  setInterval(flush, 200).unref();
  process.on('exit', flush);
}
