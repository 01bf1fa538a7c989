import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Whether the server runs compiled (server/dist, built by server/scripts/build.ts: what
 * `npm run serve` runs) or as its TypeScript (tsx in development, vitest in the tests).
 * This module's own file name says which.
 */
const RUNS_COMPILED = import.meta.url.endsWith('.js');

/** The module `name` (`./x`, no extension) beside `base` (an import.meta.url), as it runs here. */
export const moduleBeside = (name: string, base: string): URL =>
  new URL(`${name}${RUNS_COMPILED ? '.js' : '.ts'}`, base);

/**
 * node's arguments that run the module `name` beside `base` in a child process; the
 * TypeScript through tsx, which a child of a compiled server doesn't need.
 */
export function nodeArgumentsFor(name: string, base: string): string[] {
  const file = fileURLToPath(moduleBeside(name, base));
  if (RUNS_COMPILED) return [file];
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, file];
}
