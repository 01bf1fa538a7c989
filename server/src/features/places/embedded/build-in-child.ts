import { spawnSync } from 'node:child_process';
import { nodeArgumentsFor } from '../../../lib/module-beside.ts';
import type { BuildReport } from './build-index.ts';

/**
 * Generous: the built-in rows take well under 30 s on a small machine, but a rebuild
 * also carries loaded extracts over, and a country's 2 million places take minutes
 * on a busy one (docs/decisions/022-osm-extracts.md).
 */
const BUILD_TIMEOUT_MS = 30 * 60_000;

/**
 * Builds the index file in a child process and waits for it (start-up can't serve
 * place searches without it).
 */
export function buildPlacesIndexInChild(options: {
  file: string;
  fingerprint: string;
  landmarksDir?: string;
}): BuildReport {
  const cli = nodeArgumentsFor('./build-index-cli', import.meta.url);
  const child = spawnSync(process.execPath, [...cli, JSON.stringify(options)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: BUILD_TIMEOUT_MS,
  });
  if (child.status !== 0) {
    const reason = child.error?.message ?? child.stderr.trim().split('\n').slice(-5).join('\n');
    throw new Error(`building the places index failed (exit ${child.status}): ${reason}`);
  }
  return JSON.parse(child.stdout) as BuildReport;
}
