/**
 * Preloaded into the server by `bench/mixed-load.ts --cpu-prof <dir>` (NODE_OPTIONS refuses
 * --cpu-prof itself): profiles each server process from start to exit with V8's sampling
 * profiler and writes <dir>/<pid>.cpuprofile (open in Chrome DevTools or speedscope). Node
 * preloads it into worker threads too: a thread's profile is <pid>-thread-<id>.cpuprofile.
 * With `--heap-prof`, it also samples what is allocated, including what the GC has
 * collected since (what a request costs, not what stays), into <dir>/<pid>.heapprofile.
 */
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { isMainThread, threadId } = require('node:worker_threads');

const dir = process.env.SPOTBOOK_CPU_PROFILE_DIR;
if (dir) {
  const name = `${process.pid}${isMainThread ? '' : `-thread-${threadId}`}`;
  const heap = process.env.SPOTBOOK_HEAP_PROFILE === '1';
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  if (heap) {
    session.post('HeapProfiler.startSampling', {
      samplingInterval: 64 * 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  // A session in the same thread answers at once, so this works in 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(result.profile));
    });
    if (heap) {
      session.post('HeapProfiler.stopSampling', (error, result) => {
        if (!error)
          writeFileSync(path.join(dir, `${name}.heapprofile`), JSON.stringify(result.profile));
      });
    }
  });
}
