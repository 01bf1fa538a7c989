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

/** USER_HZ: the unit of the CPU times in /proc/PID/stat (100 on Linux). */
const MS_PER_TICK = 1000 / 100;

/**
 * CPU ms a process (or thread) has used, user and system, from the text of its
 * /proc/PID/stat (or /proc/PID/task/TID/stat).
 */
export function statCpuMs(stat: string): number {
  // The fields after the command name, which may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK; // utime + stime
}
