/**
 * First-screen JS (issue 14 §5): the JavaScript index.html makes every visitor download
 * before any page shows — its entry script and the chunks it modulepreloads — gzipped
 * (level 9, as the build's precompress step stores them), against the 150 KB target.
 *
 *   npm run build && npx tsx bench/first-screen-js.ts [--dist web/dist] [--top 25] [--page ListPage.tsx]
 *
 * With --page SOURCE it also weighs what that page fetches on top of the first screen: its
 * route chunk and every chunk it imports statically, read from the build's manifest
 * (SOURCE is the end of the page's source path) — e.g. to see that zod is not among them.
 *
 * With --top N it also lists the N source files (packages folded into one line each) that
 * weigh most in those chunks, attributing each chunk's minified bytes through its
 * sourcemap (every character counts for the source it maps to) and scaling by
 * the chunk's own gzip ratio: an estimate, good enough to see what need not be there.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const dist = path.resolve(option('--dist') ?? 'web/dist');
const top = Number(option('--top') ?? 0);
const page = option('--page');
const TARGET_KB = 150;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
/** The entry script and every modulepreload, in the order index.html names them. */
const entryFiles = [
  ...html.matchAll(
    /<script[^>]*type="module"[^>]*src="([^"]+)"|rel="modulepreload"[^>]*href="([^"]+)"/g,
  ),
].map((match) => (match[1] ?? match[2])!.replace(/^\//, ''));
if (entryFiles.length === 0) throw new Error(`no entry script in ${dist}/index.html`);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
let totalGzip = 0;
let totalRaw = 0;
const bySource = new Map<string, number>();

for (const file of entryFiles) {
  const code = readFileSync(path.join(dist, file));
  const gzip = gzipSync(code, { level: 9 }).length;
  totalGzip += gzip;
  totalRaw += code.length;
  console.log(
    `${file.padEnd(40)} ${kb(code.length).padStart(8)} KB  gzip ${kb(gzip).padStart(6)} KB`,
  );
  if (top > 0) attribute(file, code.toString('utf8'), gzip / code.length);
}
const verdict = totalGzip / 1024 <= TARGET_KB ? 'meets' : 'misses';
console.log(
  `first-screen JS: ${kb(totalRaw)} KB, gzip ${kb(totalGzip)} KB (${verdict} the ${TARGET_KB} KB target)`,
);

printHeaviest();

if (page) {
  bySource.clear();
  let pageGzip = 0;
  console.log(`\n${page}: what it fetches beyond the first screen (static imports)`);
  for (const file of pageChunks(page).filter((file) => !entryFiles.includes(file))) {
    const code = readFileSync(path.join(dist, file));
    const gzip = gzipSync(code, { level: 9 }).length;
    pageGzip += gzip;
    console.log(
      `${file.padEnd(40)} ${kb(code.length).padStart(8)} KB  gzip ${kb(gzip).padStart(6)} KB`,
    );
    if (top > 0) attribute(file, code.toString('utf8'), gzip / code.length);
  }
  console.log(`${page} beyond the first screen: gzip ${kb(pageGzip)} KB`);
  printHeaviest();
}

function printHeaviest() {
  if (top <= 0) return;
  console.log(`\nheaviest sources (estimated gzip KB):`);
  for (const [source, bytes] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${kb(bytes).padStart(7)}  ${source}`);
}

/** The page's chunk and every chunk it imports statically, from Vite's build manifest. */
function pageChunks(sourceEnd: string): string[] {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`no ${manifestFile}: build with manifest: true`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const start = Object.keys(manifest).find((key) => key.endsWith(sourceEnd));
  if (!start) throw new Error(`no chunk for a source ending in ${sourceEnd}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(start);
  return [...files];
}

/**
 * Adds each source's share of `file` (its bytes times the chunk's gzip ratio): every
 * character counts for the source its nearest mapping at or before it names (Node's own
 * sourcemap reader, one lookup per character: a second for the whole entry).
 */
function attribute(file: string, code: string, gzipRatio: number) {
  const mapFile = path.join(dist, `${file}.map`);
  if (!existsSync(mapFile)) {
    bySource.set(`${file} (no sourcemap)`, code.length * gzipRatio);
    return;
  }
  const map = new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload);
  const counts = new Map<string, number>();
  code.split('\n').forEach((text, line) => {
    for (let column = 0; column <= text.length; column++) {
      const entry = map.findEntry(line, column) as Partial<SourceMapping>;
      const source = fold(entry.originalSource ?? '(unmapped)');
      counts.set(source, (counts.get(source) ?? 0) + 1);
    }
  });
  for (const [source, bytes] of counts)
    bySource.set(source, (bySource.get(source) ?? 0) + bytes * gzipRatio);
}

/** node_modules files folded into their package; our own files kept by path. */
function fold(source: string): string {
  const inModules = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return `package ${inModules[1]}`;
  return source.match(/(?:web|contract)\/src\/.*/)?.[0] ?? source;
}
