/**
 * Architecture rules as a lint step (npm run lint):
 * - a web feature never imports another feature (shared code lives in components/ and
 *   lib/), except the map widget, which is shared by design and loads lazily;
 * - web code never imports server code, and server code never imports web code;
 * - the contract imports nothing of ours.
 * Prints each violation as file:line and exits 1 when there is any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SHARED_FEATURES = new Set(['map']);
const importPattern =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(full).isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(name)) yield full;
  }
}

function featureOf(file: string): string | null {
  const match = /web\/src\/features\/([^/]+)\//.exec(file.split(path.sep).join('/'));
  return match?.[1] ?? null;
}

function resolveTarget(file: string, spec: string): string {
  if (spec.startsWith('@/')) return path.join('web/src', spec.slice(2));
  if (spec.startsWith('.')) return path.join(path.dirname(file), spec);
  return spec;
}

const problems: string[] = [];
for (const root of ['web/src', 'server/src', 'contract/src']) {
  for (const file of sourceFiles(root)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(importPattern)) {
        const spec = m[1] ?? m[2]!;
        const target = resolveTarget(file, spec).split(path.sep).join('/');
        const where = `${file}:${i + 1}`;
        const from = featureOf(file);
        const to = featureOf(target.startsWith('web/') ? `${target}/` : '');
        if (from && to && from !== to && !SHARED_FEATURES.has(to)) {
          problems.push(`${where}: feature "${from}" imports feature "${to}" (${spec})`);
        }
        if (root === 'web/src' && /(^|\/)server\//.test(target))
          problems.push(`${where}: web imports server code (${spec})`);
        if (root === 'server/src' && /(^|\/)web\/src\//.test(target))
          problems.push(`${where}: server imports web code (${spec})`);
        if (root === 'contract/src' && (spec.startsWith('@/') || /\.\.\/\.\./.test(spec))) {
          problems.push(`${where}: the contract imports project code (${spec})`);
        }
      }
    });
  }
}

console.log(problems.length ? problems.join('\n') : 'architecture: no violations');
process.exit(problems.length ? 1 : 0);
