import { readFileSync } from 'node:fs';

/**
 * Where a profile of bench/mixed-load.ts --cpu-prof <dir> [--heap-prof] went, summed by
 * function and by where the function lives (a package under node_modules, a file of ours,
 * node itself): a CPU profile's time on the CPU (.cpuprofile, each function's own samples)
 * or a sampled allocation profile's bytes (.heapprofile).
 * Usage: npx tsx bench/profile-top.ts <dir>/<pid>.cpuprofile|.heapprofile [--top 25]
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
}

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile|.heapprofile> [--top 25]');
const topArg = process.argv.indexOf('--top');
const TOP = topArg >= 0 ? Number(process.argv[topArg + 1]) : 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode } | CpuProfile;

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
const add = (map: Map<string, number>, key: string, bytes: number) =>
  map.set(key, (map.get(key) ?? 0) + bytes);

/**
 * node_modules/<package>, or our file's path from the repository's root (the compiled
 * server's `server/dist/…` counted as `server/src/…`), or node's own.
 */
function placeOf(url: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  const ours = /\/(server|contract)\/(?:src|dist)\/(.*)$/.exec(url);
  if (ours) return `${ours[1]}/src/${ours[2]}`;
  return url.startsWith('node:') ? url : url ? 'other' : '(V8 or native)';
}

let total = 0;
function count({ functionName, url, lineNumber }: CallFrame, amount: number) {
  total += amount;
  const place = placeOf(url);
  add(byFunction, `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`, amount);
  add(byPlace, place, amount);
}

const isHeap = 'head' in profile;
if (isHeap) {
  const stack = [profile.head];
  while (stack.length) {
    const node = stack.pop()!;
    stack.push(...node.children);
    if (node.selfSize) count(node.callFrame, node.selfSize);
  }
} else {
  // Each sample's time is the delta to the next one, in µs; idle time is not the app's.
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id)!;
    if (frame.functionName !== '(idle)') count(frame, profile.timeDeltas[i + 1] ?? 0);
  });
}

const amount = (value: number) =>
  isHeap
    ? `${(value / 1e6).toFixed(0).padStart(6)} MB`
    : `${(value / 1e3).toFixed(0).padStart(6)} ms`;
const print = (title: string, map: Map<string, number>) => {
  console.log(`${title}:`);
  for (const [key, value] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${((100 * value) / total).toFixed(1).padStart(5)} %  ${amount(value)}  ${key}`);
  }
};
console.log(
  isHeap ? `${(total / 1e9).toFixed(2)} GB sampled` : `${amount(total).trim()} on the CPU`,
);
print('by where it lives', byPlace);
print('by function', byFunction);
