/**
 * Preloaded into the server by `bench/mixed-load.ts --cpu-prof <dir>` (NODE_OPTIONS refuses
 * --cpu-prof itself): profiles each server process from start to exit with V8's sampling
 * profiler and writes <dir>/<pid>.cpuprofile (open in Chrome DevTools or speedscope).
 */
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const dir = process.env.SPOTBOOK_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');
  // A session in the same thread answers at once, so this works in 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
