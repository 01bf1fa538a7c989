import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/**
 * Children of a bench script (app servers, nginx) that must never outlive it: each runs
 * in its own process group, so one signal reaches a process and whatever it forked
 * (nginx's workers), and every group still alive is killed when the script ends, however
 * it ends (normal exit, an error, Ctrl-C).
 */
const groups = new Set<number>();
const cleanups: (() => Promise<void>)[] = [];

export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  const pid = child.pid;
  if (pid !== undefined) {
    groups.add(pid);
    child.once('exit', () => groups.delete(pid));
  }
  return child;
}

/** Sends a signal to the child's whole process group (no-op once it has gone). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || !groups.has(child.pid)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Async clean-up (drop a database, remove a directory), run last-registered first. */
export function onCleanup(fn: () => Promise<void>): void {
  cleanups.push(fn);
}

function killAllGroups() {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  groups.clear();
}

let cleaning: Promise<void> | undefined;

/** Once only: Ctrl-C and the body's own end (it fails as its children die) may race. */
function runCleanups(): Promise<void> {
  cleaning ??= (async () => {
    killAllGroups();
    while (cleanups.length) {
      await cleanups.pop()!().catch((error: unknown) =>
        console.error(`clean-up failed: ${String(error)}`),
      );
    }
  })();
  return cleaning;
}

/**
 * Runs the script's body; whatever happens, children are killed and clean-ups run, and
 * the process exits with the body's code (1 on an error, 130 on Ctrl-C).
 */
export function runScript(main: () => Promise<number>): void {
  let interrupted = false;
  process.once('exit', killAllGroups);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: stopping children and cleaning up`);
      void runCleanups().then(() => process.exit(130));
    });
  }
  main().then(
    async (code) => {
      await runCleanups();
      process.exit(interrupted ? 130 : code);
    },
    async (error: unknown) => {
      // Once interrupted, the body fails because its children were killed: not news.
      if (!interrupted) {
        console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      }
      await runCleanups();
      process.exit(interrupted ? 130 : 1);
    },
  );
}
