/**
 * Splits the `shared` chunk group in two by what a module needs: `forms` for whatever
 * reaches zod or react-hook-form (form fields, dialogs with forms, the contract's schema
 * modules), `shared` for the rest (cards, icons, pager, limits). A page that shows but
 * never edits — the shared list signed out, the front page — then fetches and runs no
 * zod (26 KB gzip) and no react-hook-form (12 KB), and `shared` never imports `forms`
 * (a module that imported one would reach zod itself). Issue 14 §4, decision 024.
 *
 * "Reaches" is over static imports. The contract's barrel (`@spotbook/contract`) imports
 * every contract module, so an import through it is followed by name instead: to the
 * module that declares that name (through re-exports: photos.ts re-exports the zod-free
 * photo-limits.ts, whose names then do not reach zod).
 */
import type { Plugin } from 'vite';

interface ModuleInfoLike {
  code: string | null;
  importedIds: readonly string[];
  exports: readonly string[];
}
interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

const FORM_LIBRARIES =
  /node_modules[\\/](zod|react-hook-form|@hookform[\\/][^\\/]+)[\\/]|web[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/;
const CONTRACT_BARREL = /contract[\\/]src[\\/]index\.ts$/;
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@spotbook\/contract["']/g;

/** Names a module imports through the contract's barrel (as the transformed code says). */
function barrelNames(code: string): string[] {
  return [...code.matchAll(BARREL_IMPORT)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter((name) => name && !name.startsWith('type ')),
  );
}

/** The module that declares `name`, following re-exports down from `module`. */
function originOf(name: string, module: string, ctx: ChunkingContextLike): string | undefined {
  const info = ctx.getModuleInfo(module);
  if (!info?.exports.includes(name)) return undefined;
  for (const dep of info.importedIds) {
    const origin = originOf(name, dep, ctx);
    if (origin !== undefined) return origin;
  }
  return module;
}

/** A `name` function for the shared group: 'forms' or 'shared' per module, memoised. */
export function formsOrShared(): (id: string, ctx: ChunkingContextLike) => string {
  const reaches = new Map<string, boolean>();

  function reachesForms(id: string, ctx: ChunkingContextLike): boolean {
    const known = reaches.get(id);
    if (known !== undefined) return known;
    reaches.set(id, false); // an import cycle adds nothing of its own
    const info = ctx.getModuleInfo(id);
    const result =
      FORM_LIBRARIES.test(id) ||
      (info !== null &&
        info.importedIds.some((dep) =>
          CONTRACT_BARREL.test(dep)
            ? barrelNamesReachForms(dep, info.code ?? '', ctx)
            : reachesForms(dep, ctx),
        ));
    reaches.set(id, result);
    return result;
  }

  function barrelNamesReachForms(barrel: string, code: string, ctx: ChunkingContextLike) {
    return barrelNames(code).some((name) => {
      const origin = originOf(name, barrel, ctx);
      return origin !== undefined && reachesForms(origin, ctx);
    });
  }

  return (id, ctx) => (reachesForms(id, ctx) ? 'forms' : 'shared');
}

/**
 * Fails the build when chunks import each other in a cycle: with
 * `includeDependenciesRecursively: false` a grouped module may import one left elsewhere,
 * and a cycle between chunks can run a module before one it needs is defined.
 */
export function noChunkCycles(): Plugin {
  return {
    name: 'spotbook-no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') imports.set(output.fileName, output.imports);
      }
      const done = new Set<string>();
      const path: string[] = [];
      const visit = (file: string) => {
        if (path.includes(file)) {
          this.error(
            `chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' -> ')}`,
          );
        }
        if (done.has(file)) return;
        path.push(file);
        for (const next of imports.get(file) ?? []) visit(next);
        path.pop();
        done.add(file);
      };
      for (const file of imports.keys()) visit(file);
    },
  };
}
