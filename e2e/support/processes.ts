import { readFileSync } from 'node:fs';

/**
 * The living processes `pid` forked (its main thread's, as a cluster's or postmaster's
 * are): the kernel's list, not the server's bookkeeping.
 */
export function childPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  return children.split(' ').filter(Boolean).map(Number);
}

/** The command line `pid` was started with, one argument per entry. */
export const commandLine = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
