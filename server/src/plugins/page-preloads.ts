import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The web app's pages (web/src/app/router.tsx) by URL path, each with its route module as
 * Vite's build manifest names it. React Router matches without regard to case or a
 * trailing slash; so do these. A path not here (the not-found page) gets no preloads.
 */
export const PAGE_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'src/app/routes/home/HomePage.tsx'],
  [/^\/about\/?$/i, 'src/app/routes/AboutPage.tsx'],
  [/^\/signin\/?$/i, 'src/features/auth/routes/SignInPage.tsx'],
  [/^\/signup\/?$/i, 'src/features/auth/routes/SignUpPage.tsx'],
  [/^\/requestpassword\/?$/i, 'src/features/auth/routes/RequestPasswordPage.tsx'],
  [/^\/reset-password\/[^/]+\/[^/]+\/?$/i, 'src/features/auth/routes/ResetPasswordPage.tsx'],
  [/^\/newlist\/?$/i, 'src/features/lists/routes/NewListPage.tsx'],
  [/^\/lists\/[^/]+\/?$/i, 'src/features/lists/routes/ListPage.tsx'],
  [/^\/lists\/[^/]+\/delete\/?$/i, 'src/features/lists/routes/DeleteListPage.tsx'],
  [/^\/reviews\/[^/]+\/?$/i, 'src/features/spots/routes/ReviewPage.tsx'],
  [/^\/reviews\/[^/]+\/delete\/?$/i, 'src/features/spots/routes/DeleteReviewPage.tsx'],
  [/^\/newspot\/?$/i, 'src/features/places/routes/NewSpotPage.tsx'],
  [/^\/import(\/[^/]+)?\/?$/i, 'src/features/imports/routes/ImportPage.tsx'],
];

/**
 * Code a page draws only for someone signed in, fetched by the page itself (a dynamic
 * import): preloaded with the HTML for a signed-in visitor, never for anyone else.
 */
export const SIGNED_IN_MODULES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'src/app/routes/home/SignedInHome.tsx'],
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  /** modules it imports with import(), which a page fetches when it needs them */
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * `<link>` tags that start a page's own code with the HTML instead of after the entry
 * script has run and asked for it: the route module and every chunk it imports
 * statically (modulepreload), and their CSS (preload; Vite's loader then finds it in the
 * cache). Without them the page's chunks wait for the entry, one round trip each. The
 * entry's own files are in index.html already. `crossorigin` as Vite's loader asks,
 * or the browser would not reuse the preloaded response. Chunks `modules` share are named
 * once.
 */
export function preloadTags(manifest: Manifest, ...modules: string[]): string {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const skip = new Set([entry?.file, ...(entry?.css ?? [])]);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) if (!skip.has(css)) styles.add(css);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('\n');
}

/**
 * The page's preload tags for a URL path and a visitor signed in or not, from the build in
 * `webDist`, worked out once per page and signed-in state.
 */
export function pagePreloads(webDist: string): (pathname: string, signedIn: boolean) => string {
  let manifest: Manifest | null | undefined;
  const tagsByModules = new Map<string, string>();
  const moduleFor = (table: typeof PAGE_MODULES, pathname: string) =>
    table.find(([pattern]) => pattern.test(pathname))?.[1];
  return (pathname, signedIn) => {
    const module = moduleFor(PAGE_MODULES, pathname);
    if (!module) return '';
    if (manifest === undefined) {
      const file = path.join(webDist, '.vite', 'manifest.json');
      // A build without a manifest still serves its pages, only without preloads.
      manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
    }
    if (!manifest) return '';
    const signedInModule = signedIn ? moduleFor(SIGNED_IN_MODULES, pathname) : undefined;
    const modules = signedInModule ? [module, signedInModule] : [module];
    const key = modules.join(' ');
    let tags = tagsByModules.get(key);
    if (tags === undefined) {
      tags = preloadTags(manifest, ...modules);
      tagsByModules.set(key, tags);
    }
    return tags;
  };
}
