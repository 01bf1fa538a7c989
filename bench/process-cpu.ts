/**
 * Where a command's CPU goes, by kind of process: runs the command, reads every process's
 * CPU from /proc once a second, and prints the totals per kind when it ends (with
 * `--every-second`, also each second's use in % of one core). What decision 023 ("where
 * the machine goes during the people mix") and decision 025 ("the browser suite's CPU, by
 * process") report. Processes running before the command count from its start; one that
 * ends between two readings loses up to a second of its CPU.
 *
 *   npx tsx bench/process-cpu.ts -- npx vitest run --project e2e
 *   npx tsx bench/process-cpu.ts --every-second -- npx tsx bench/mixed-load.ts --postgres …
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { statCpuMs } from './proc-status.ts';

const args = process.argv.slice(2);
const EVERY_SECOND = args.includes('--every-second');
const command = args.slice(args.indexOf('--') + 1);
if (!args.includes('--') || command.length === 0) {
  console.error('usage: npx tsx bench/process-cpu.ts [--every-second] -- <command> [args…]');
  process.exit(2);
}

/** The kinds, in the order they are printed; the first whose test matches names a process. */
const KINDS: [kind: string, test: (cmd: string, comm: string) => boolean][] = [
  ['Chromium renderers', (cmd) => /chrom/.test(cmd) && cmd.includes('--type=renderer')],
  ['Chromium GPU process', (cmd) => /chrom/.test(cmd) && cmd.includes('--type=gpu-process')],
  ['Chromium helpers', (cmd) => /chrom/.test(cmd) && cmd.includes('--type=')],
  ['Chromium browsers', (cmd, comm) => /chrom/.test(cmd) || /chrom/.test(comm)],
  ['app servers', (cmd) => cmd.includes('server/src/server.ts')],
  ['load generator', (cmd) => cmd.includes('mixed-load-client')],
  ['bare route server', (cmd) => cmd.includes('bare-route-server')],
  ['PostgreSQL', (cmd, comm) => comm.startsWith('postgres') || cmd.startsWith('postgres:')],
  ['vitest', (cmd) => cmd.includes('vitest')],
  ['other Node processes', (cmd, comm) => comm === 'node' || /\bnode\b/.test(cmd)],
  ['other', () => true],
];

interface Seen {
  kind: string;
  /** CPU ms at the command's start (0 for a process started since) */
  from: number;
  last: number;
}

const seen = new Map<number, Seen>();

function kindOf(pid: number): string | undefined {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return KINDS.find(([, test]) => test(cmd, comm))![0];
  } catch {
    return undefined; // gone meanwhile
  }
}

/** Reads every process once; returns the CPU ms each kind used since the last reading. */
function read(atStart: boolean): Map<string, number> {
  const used = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let cpu: number;
    try {
      cpu = statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      continue;
    }
    let known = seen.get(pid);
    if (!known) {
      const kind = kindOf(pid);
      if (!kind) continue;
      known = { kind, from: atStart ? cpu : 0, last: atStart ? cpu : 0 };
      seen.set(pid, known);
    }
    used.set(known.kind, (used.get(known.kind) ?? 0) + cpu - known.last);
    known.last = cpu;
  }
  return used;
}

read(true);
const started = Date.now();
const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit' });
const timer = setInterval(() => {
  const used = read(false);
  if (!EVERY_SECOND) return;
  const line = KINDS.map(([kind]) => [kind, used.get(kind) ?? 0] as const)
    .filter(([, ms]) => ms > 0)
    .map(([kind, ms]) => `${kind} ${Math.round(ms / 10)} %`);
  console.log(`[process-cpu] ${Math.round((Date.now() - started) / 1000)} s: ${line.join(', ')}`);
}, 1000);

const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
clearInterval(timer);
read(false);
const seconds = (Date.now() - started) / 1000;
const totals = new Map<string, number>();
for (const { kind, from, last } of seen.values()) {
  totals.set(kind, (totals.get(kind) ?? 0) + last - from);
}
const all = [...totals.values()].reduce((a, b) => a + b, 0);
console.log(
  `\n[process-cpu] ${(all / 1000).toFixed(0)} s of CPU in ${seconds.toFixed(0)} s (command exited ${code}):`,
);
for (const [kind] of KINDS) {
  const ms = totals.get(kind) ?? 0;
  if (ms <= 0) continue;
  const share = ((100 * ms) / all).toFixed(1);
  console.log(`  ${(ms / 1000).toFixed(1).padStart(8)} s ${share.padStart(5)} %  ${kind}`);
}
process.exit(code ?? 1);
