/**
 * Splits the `shared` chunk group in three by what a module needs: `forms` for whatever
 * reaches zod (the contract's schema modules, forms that validate with one), `fields` for
 * what reaches react-hook-form but not zod (form fields, the form hook), `shared` for the
 * rest (cards, icons, pager, limits). A page that shows but never edits — the shared list
 * signed out, the front page — then fetches and runs no zod (26 KB gzip) and no
 * react-hook-form (12 KB); sign-in and sign-up, whose schemas load when someone steps into
 * the form, draw with `fields` alone. No chunk imports one named before it (a module that
 * imported a `forms` module would reach zod itself). Issue 14 §4, decision 024.
 *
 * "Reaches" is over static imports. The contract's barrel (`@spotbook/contract`) imports
 * every contract module, so an import through it is followed by name instead: to the
 * module that declares that name (through re-exports: photos.ts re-exports the zod-free
 * photo-limits.ts, whose names then do not reach zod).
 */
import type { Plugin } from 'vite';

export interface ModuleInfoLike {
  code: string | null;
  importedIds: readonly string[];
  exports: readonly string[];
}
export interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}

export const ZOD =
  /node_modules[\\/](zod|@hookform[\\/][^\\/]+)[\\/]|web[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/;
export const REACT_HOOK_FORM = /node_modules[\\/]react-hook-form[\\/]/;
export const CONTRACT_BARREL = /contract[\\/]src[\\/]index\.ts$/;

/** Names a module imports from `specifier` (as the transformed code says). */
export function importedNames(code: string, specifier = '@spotbook/contract'): string[] {
  const quoted = specifier.replace(/[/.]/g, '\\$&');
  const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, 'g');
  return [...code.matchAll(statement)].flatMap((match) =>
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

/**
 * The module that declares `name`, following re-exports down from `module`. Rolldown lists
 * an `export * from` as the export `'*'` (the barrel's every export is one), so a module
 * that lists `'*'` is searched too.
 */
export function originOf(
  name: string,
  module: string,
  ctx: ChunkingContextLike,
  seen = new Set<string>(),
): string | undefined {
  const info = ctx.getModuleInfo(module);
  if (info === null || seen.has(module)) return undefined;
  seen.add(module);
  const declares = info.exports.includes(name);
  if (!declares && !info.exports.includes('*')) return undefined;
  for (const dep of info.importedIds) {
    const origin = originOf(name, dep, ctx, seen);
    if (origin !== undefined) return origin;
  }
  return declares ? module : undefined;
}

/** Whether a module reaches `library` through static imports, memoised per module. */
export function reachesLibrary(library: RegExp) {
  const reaches = new Map<string, boolean>();

  function reachesIt(id: string, ctx: ChunkingContextLike): boolean {
    const known = reaches.get(id);
    if (known !== undefined) return known;
    reaches.set(id, false); // an import cycle adds nothing of its own
    const info = ctx.getModuleInfo(id);
    const result =
      library.test(id) ||
      (info !== null &&
        info.importedIds.some((dep) =>
          CONTRACT_BARREL.test(dep)
            ? barrelNamesReachIt(dep, info.code ?? '', ctx)
            : reachesIt(dep, ctx),
        ));
    reaches.set(id, result);
    return result;
  }

  function barrelNamesReachIt(barrel: string, code: string, ctx: ChunkingContextLike) {
    return importedNames(code).some((name) => {
      const origin = originOf(name, barrel, ctx);
      return origin !== undefined && reachesIt(origin, ctx);
    });
  }

  return reachesIt;
}

/** A `name` function for the shared group: 'forms', 'fields' or 'shared' per module. */
export function formsOrShared(): (id: string, ctx: ChunkingContextLike) => string {
  const reachesZod = reachesLibrary(ZOD);
  const reachesReactHookForm = reachesLibrary(REACT_HOOK_FORM);
  return (id, ctx) => {
    if (reachesZod(id, ctx)) return 'forms';
    return reachesReactHookForm(id, ctx) ? 'fields' : 'shared';
  };
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
