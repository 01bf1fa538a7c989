import { readFileSync } from 'node:fs';

/**
 * A memory figure of a process from the kernel (/proc/PID/status), in MB: `VmRSS`, what
 * it holds now, or `VmHWM`, its peak since start or since a `clear_refs` reset. Every
 * bench that measures a server's memory reads it here.
 */
export function processMemoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
  if (kb === undefined) throw new Error(`no ${field} for process ${pid}`);
  return Number(kb) / 1024;
}
