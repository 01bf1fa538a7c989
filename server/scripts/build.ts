/**
 * Compiles the server (server/src) and the contract it imports (contract/src) to plain
 * JavaScript, one file for each source file in the same layout: server/dist and
 * contract/dist. `npm run serve` runs server/dist with plain node, without tsx: tsx's
 * loader thread, its esbuild service and the transpiled sources with their inline maps
 * cost every process ~45 MB (decision 027). Paths a module finds from its own URL
 * (`../../../web/dist`, the migrations beside connection.ts, a worker's .mjs) hold, since
 * server/dist sits where server/src does.
 *
 *   npx tsx server/scripts/build.ts        (npm run build runs it)
 */
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = { source: path.join(root, 'server/src'), output: path.join(root, 'server/dist') };
const CONTRACT = {
  source: path.join(root, 'contract/src'),
  output: path.join(root, 'contract/dist'),
};

/** What runs: every module but the tests and their fixtures, which only vitest loads. */
const isRuntimeFile = (file: string) =>
  !file.endsWith('.test.ts') &&
  !file.split(path.sep).some((part) => ['test', 'fixtures', 'samples'].includes(part));

const filesIn = (dir: string, extension: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => isRuntimeFile(file) && file.endsWith(extension))
    .map((file) => path.join(dir, file));

const contractExports = (
  JSON.parse(readFileSync(path.join(root, 'contract/package.json'), 'utf8')) as {
    exports: Record<string, string>;
  }
).exports;

/** `@spotbook/contract[/name]` → the compiled file its package's `exports` point at. */
function contractOutput(specifier: string): string {
  const subpath = '.' + specifier.slice('@spotbook/contract'.length);
  const source = contractExports[subpath];
  if (!source) throw new Error(`${specifier} is not exported by contract/package.json`);
  return path.join(CONTRACT.output, path.relative('./src', source).replace(/\.ts$/, '.js'));
}

/** Where `importer` (a source file) is written. */
const outputOf = (importer: string) => {
  const tree = importer.startsWith(CONTRACT.source) ? CONTRACT : SERVER;
  return path.join(tree.output, path.relative(tree.source, importer));
};

/**
 * Every import stays an import (esbuild bundles nothing): a relative one to a .ts file
 * now names its .js, the contract's package its compiled file, the rest is left as
 * written (packages, node: modules, .mjs workers).
 */
const importsRelinked: Plugin = {
  name: 'imports-relinked',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path.startsWith('.'))
        return { path: args.path.replace(/\.ts$/, '.js'), external: true };
      if (args.path === '@spotbook/contract' || args.path.startsWith('@spotbook/contract/')) {
        const from = path.dirname(outputOf(args.importer));
        return { path: './' + path.relative(from, contractOutput(args.path)), external: true };
      }
      return { path: args.path, external: true };
    });
  },
};

async function compile(entryPoints: string[], tree: typeof SERVER, extension: '.js' | '.mjs') {
  await build({
    entryPoints,
    outbase: tree.source,
    outdir: tree.output,
    outExtension: { '.js': extension },
    bundle: true, // for the plugin to see every import; it marks each one external
    plugins: [importsRelinked],
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
}

/** Writes server/dist and contract/dist afresh. */
export async function buildServer() {
  for (const tree of [SERVER, CONTRACT]) rmSync(tree.output, { recursive: true, force: true });
  await Promise.all([
    compile(filesIn(SERVER.source, '.ts'), SERVER, '.js'),
    compile(filesIn(SERVER.source, '.mjs'), SERVER, '.mjs'),
    compile(filesIn(CONTRACT.source, '.ts'), CONTRACT, '.js'),
  ]);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`server/dist and contract/dist built in ${Date.now() - started} ms`);
}
