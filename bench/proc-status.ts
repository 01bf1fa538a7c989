import { readFileSync } from 'node:fs';
import { childPids } from '../e2e/support/processes.ts';

/**
 * A memory figure of a process from the kernel (/proc/PID/status), in MB: `VmRSS`, what
 * it holds now, or `VmHWM`, its peak since start or since a `clear_refs` reset, or
 * `RssAnon`, the part of `VmRSS` that is the process's own (not pages of files it maps,
 * such as node's binary, which every process of a cluster shares). Every bench that
 * measures a server's memory reads it here.
 */
export function processMemoryMb(
  pid: number,
  field: 'VmRSS' | 'VmHWM' | 'RssAnon' = 'VmRSS',
): number {
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
  const fields = statFields(stat);
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK; // utime + stime
}

/** The fields after the command name, which may itself hold spaces and parentheses. */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(') ') + 2).split(' ');

/**
 * CPU ms a server that forks a process per connection (PostgreSQL's postmaster) has used
 * with all its children: its own, its living children's, and (cutime, cstime) what the
 * children it has already reaped used, so a backend that exits between two readings
 * still counts.
 */
export function forkingServerCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const reaped = statFields(stat).slice(13, 15); // cutime, cstime
  let ms = statCpuMs(stat) + (Number(reaped[0]) + Number(reaped[1])) * MS_PER_TICK;
  for (const child of childPids(pid)) {
    try {
      ms += statCpuMs(readFileSync(`/proc/${child}/stat`, 'utf8'));
    } catch {
      // exited meanwhile: counted in the parent's cutime once reaped
    }
  }
  return ms;
}

/** The parent process of `pid` (the fourth field of /proc/PID/stat). */
export function parentPid(pid: number): number {
  return Number(statFields(readFileSync(`/proc/${pid}/stat`, 'utf8'))[1]);
}

/**
 * The kernel's TCP counters of this network namespace (/proc/net/netstat, `TcpExt`):
 * `TCPSynRetrans` counts connection requests sent again, each a second's wait at first.
 */
export function tcpExtCounter(name: string): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const header = lines.findIndex((line) => line.startsWith('TcpExt:'));
  const names = lines[header]!.split(/\s+/);
  const values = lines[header + 1]!.split(/\s+/);
  const at = names.indexOf(name);
  if (at < 0) throw new Error(`no ${name} in /proc/net/netstat`);
  return Number(values[at]);
}
