/**
 * The entry chunk: what the entry imports statically, plus the small modules a new
 * visitor's first screens (`lightPages`: the signed-out front page, sign-in, sign-up, the
 * password pages) share with the other pages: buttons, alerts, field frames, limits, their
 * icons. In the `shared` chunk they made sign-in fetch the cards, dialogs and links of the
 * other pages (14 KB gzip); in a chunk of their own every other page fetched one more file
 * before it could draw (the shared list's first paint ~0.2 s later in Lighthouse's
 * simulation). Issue 14 §4, decision 024.
 *
 * Left out: what reaches zod or react-hook-form (the `forms` and `fields` chunks, loaded
 * by the forms alone) and the light pages' own modules (their route folders).
 */
import {
  CONTRACT_BARREL,
  importedNames,
  originOf,
  REACT_HOOK_FORM,
  reachesLibrary,
  ZOD,
  type ChunkingContextLike,
} from './form-chunks.ts';

const LUCIDE_BARREL = /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const RE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/**
 * lucide-react's barrel re-exports each icon under its names
 * (`export { default as LogIn, … } from './icons/log-in.mjs'`): name → the icon's module.
 */
function reExportedModules(barrel: string, ctx: ChunkingContextLike): Map<string, string> {
  const info = ctx.getModuleInfo(barrel);
  const modules = new Map<string, string>();
  for (const [, names, from] of (info?.code ?? '').matchAll(RE_EXPORT)) {
    const file = from!.replace(/^\.\//, '');
    const id = info?.importedIds.find((dep) => dep.replaceAll('\\', '/').endsWith(`/${file}`));
    if (!id) continue;
    for (const part of names!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) modules.set(name, id);
    }
  }
  return modules;
}

/**
 * Every module `roots` reach through static imports, worked out at the first call. An
 * import through a barrel (the contract's, lucide-react's) reaches only the modules that
 * declare the names imported: else every page would reach every schema and every icon.
 */
export function reachedFrom(roots: readonly string[]) {
  let reached: Set<string> | undefined;
  let lucide: Map<string, string> | undefined;

  function visit(id: string, ctx: ChunkingContextLike) {
    if (reached!.has(id)) return;
    reached!.add(id);
    const info = ctx.getModuleInfo(id);
    const code = info?.code ?? '';
    for (const dep of info?.importedIds ?? []) {
      if (CONTRACT_BARREL.test(dep)) {
        for (const name of importedNames(code)) {
          const origin = originOf(name, dep, ctx);
          if (origin !== undefined) visit(origin, ctx);
        }
      } else if (LUCIDE_BARREL.test(dep)) {
        lucide ??= reExportedModules(dep, ctx);
        for (const name of importedNames(code, 'lucide-react')) {
          const icon = lucide.get(name);
          if (icon !== undefined) visit(icon, ctx);
        }
      } else {
        visit(dep, ctx);
      }
    }
  }

  return (id: string, ctx: ChunkingContextLike): boolean => {
    if (reached === undefined) {
      reached = new Set();
      for (const root of roots) visit(root, ctx);
    }
    return reached.has(id);
  };
}

/**
 * The entry group's `name`: 'index' for the modules above, null for the rest. `entry` is
 * the app's entry module; `ownFolders` match the light pages' own modules (their route
 * folders).
 */
export function entryChunk(
  entry: string,
  lightPages: readonly string[],
  ownFolders: RegExp,
): (id: string, ctx: ChunkingContextLike) => string | null {
  // rolldown's `$initial`, with imports through a barrel followed by name as below.
  const isInitial = reachedFrom([entry]);
  const usedByLightPages = reachedFrom(lightPages);
  const reachesZod = reachesLibrary(ZOD);
  const reachesReactHookForm = reachesLibrary(REACT_HOOK_FORM);
  return (id, ctx) => {
    if (isInitial(id, ctx)) return 'index';
    const shared =
      usedByLightPages(id, ctx) &&
      !ownFolders.test(id) &&
      !reachesZod(id, ctx) &&
      !reachesReactHookForm(id, ctx);
    return shared ? 'index' : null;
  };
}
