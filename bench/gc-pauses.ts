import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One kind of garbage collection pause in one server process over a stretch of time. */
interface PauseFigures {
  count: number;
  totalMs: number;
  longestMs: number;
}

/**
 * The garbage collection pauses that began between `from` and `to` (wall-clock ms) in each
 * process that bench/mixed-load-gc-trace.cjs traced into `dir`, by process and kind, as
 * printed lines: how much of the main thread they took and the longest, which is the
 * stall every request waiting on that process shares. Then that process's late turns of
 * the event loop, each with the main thread's CPU during it (about as long: it computed;
 * far less: it waited, to be run or in a blocking call).
 */
export function gcPausesBetween(dir: string, from: number, to: number): string[] {
  const lines: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.gc.ndjson'))) {
    const byKind = new Map<string, PauseFigures>();
    let over50 = 0;
    const lateTurns: string[] = [];
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      const [start, ms, kind, cpuMs] = JSON.parse(line) as [number, number, string, number?];
      if (start < from || start >= to) continue;
      if (kind === 'late turn') {
        lateTurns.push(`${ms} ms at ${((start - from) / 1000).toFixed(1)} s (CPU ${cpuMs} ms)`);
        continue;
      }
      const f = byKind.get(kind) ?? { count: 0, totalMs: 0, longestMs: 0 };
      byKind.set(kind, {
        count: f.count + 1,
        totalMs: f.totalMs + ms,
        longestMs: Math.max(f.longestMs, ms),
      });
      if (ms >= 50) over50++;
    }
    if (lateTurns.length) {
      lines.push(`  late turns, process ${file.split('.')[0]}: ${lateTurns.join(', ')}`);
    }
    if (!byKind.size) continue;
    const all = [...byKind.values()].reduce((sum, f) => sum + f.totalMs, 0);
    const kinds = [...byKind]
      .map(
        ([kind, f]) =>
          `${kind} ${f.count} (${f.totalMs.toFixed(0)} ms, longest ${f.longestMs.toFixed(0)})`,
      )
      .join(', ');
    lines.push(
      `  GC, process ${file.split('.')[0]}: ${all.toFixed(0)} ms in ${((to - from) / 1000).toFixed(0)} s ` +
        `(${((100 * all) / (to - from)).toFixed(1)} %); ${kinds}; pauses ≥ 50 ms: ${over50}`,
    );
  }
  return lines;
}
