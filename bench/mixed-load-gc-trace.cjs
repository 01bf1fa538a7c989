/**
 * Preloaded into the server by `bench/mixed-load.ts --gc-trace <dir>`: appends every garbage
 * collection pause of each server process to <dir>/<pid>.gc.ndjson as
 * `[wall-clock ms at its start, pause ms, kind]`, flushed every 200 ms, so the bench can
 * sum the pauses within each mix's run (`gcPausesBetween` in bench/gc-pauses.ts).
 */
const { PerformanceObserver, constants, performance } = require('node:perf_hooks');
const { appendFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.SPOTBOOK_GC_TRACE_DIR;
if (dir) {
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  const file = path.join(dir, `${process.pid}.gc.ndjson`);
  let pending = '';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const start = Math.round(performance.timeOrigin + entry.startTime);
      pending += `${JSON.stringify([start, +entry.duration.toFixed(2), KINDS[entry.detail.kind]])}\n`;
    }
  }).observe({ entryTypes: ['gc'] });
  const flush = () => {
    if (pending) appendFileSync(file, pending);
    pending = '';
  };
  setInterval(flush, 200).unref();
  process.on('exit', flush);
}
