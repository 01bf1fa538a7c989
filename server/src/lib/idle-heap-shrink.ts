import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the event loop's use is looked at. */
const CHECK_EVERY_MS = 5_000;
/**
 * Checks in a row the loop must have been quiet for. V8 gives the young generation back
 * only at a GC that finds the last 5 s's allocation rate low, so 10 s leaves it past that.
 */
const QUIET_CHECKS = 2;
/** Quiet: the event loop busy under this share of the time (a few requests a second). */
const QUIET_UTILIZATION = 0.02;
/** A young generation (bytes) at most this size is about as small as it gets: left alone. */
const SMALL_YOUNG_GENERATION = 4 * 1024 * 1024;

/**
 * V8's `gc()`, without starting node with `--expose-gc` (which would put it on every
 * module's global object): the flag set at run time reaches new contexts only, so one is
 * made to fetch it. Jest's leak detector takes it the same way.
 */
function exposedMinorGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
  return () => gc({ type: 'minor' });
}

const youngGenerationBytes = () =>
  v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

export interface IdleShrinkOptions {
  /** Told what the young generation held before the scavenge and after. */
  onShrunk: (fromBytes: number, toBytes: number) => void;
  /**
   * The tests' stand-ins for V8's scavenge, its young generation's size, the period and
   * the share of it the loop may be busy and still count as quiet.
   */
  scavenge?: () => void;
  youngBytes?: () => number;
  checkEveryMs?: number;
  quietUtilization?: number;
}

/**
 * Under load V8 grows the young generation up to `--max-semi-space-size` (each of its two
 * semi-spaces; `SEMI_SPACE_MB`, 16 by default) and keeps it when the load stops: it
 * shrinks it only at a scavenge that finds little allocated lately, and an idle process
 * allocates too little to scavenge at all. So once the event loop has been quiet for 10 s,
 * one scavenge (under a millisecond, with little live in it) hands the space back: a worker
 * that took a load holds at idle what one with 2 MB semi-spaces holds
 * (docs/decisions/009-server-memory.md). Once per quiet spell; the timer keeps no process
 * alive. Returns a function that stops it.
 */
export function shrinkHeapWhenIdle({
  onShrunk,
  scavenge = exposedMinorGc(),
  youngBytes = youngGenerationBytes,
  checkEveryMs = CHECK_EVERY_MS,
  quietUtilization = QUIET_UTILIZATION,
}: IdleShrinkOptions): () => void {
  let lastUse = performance.eventLoopUtilization();
  let quietChecks = 0;
  let triedThisSpell = false;
  const timer = setInterval(() => {
    const use = performance.eventLoopUtilization(lastUse);
    lastUse = performance.eventLoopUtilization();
    if (use.utilization >= quietUtilization) {
      quietChecks = 0;
      triedThisSpell = false;
      return;
    }
    if (++quietChecks < QUIET_CHECKS || triedThisSpell) return;
    const before = youngBytes();
    if (before <= SMALL_YOUNG_GENERATION) return;
    triedThisSpell = true;
    scavenge();
    onShrunk(before, youngBytes());
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
