import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import {
  PAGE_MODULES,
  pagePreloads,
  preloadTags,
  SIGNED_IN_MODULES,
  type Manifest,
} from './page-preloads.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

/** The shape of web/dist/.vite/manifest.json (issue 14 §4): an entry, pages, shared chunks. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, css: ['assets/index-A.css'] },
  'src/features/lists/routes/ListPage.tsx': {
    file: 'assets/ListPage-B.js',
    imports: ['index.html', '_shared-C.js', '_useMutation-D.js'],
    css: ['assets/ListPage-B.css'],
  },
  '_shared-C.js': {
    file: 'assets/shared-C.js',
    imports: ['index.html'],
    css: ['assets/shared-C.css'],
  },
  '_useMutation-D.js': { file: 'assets/useMutation-D.js', imports: ['_shared-C.js'] },
  'src/app/routes/home/HomePage.tsx': {
    file: 'assets/HomePage-E.js',
    imports: ['index.html', '_basics-F.js'],
    dynamicImports: ['src/app/routes/home/SignedInHome.tsx'],
  },
  '_basics-F.js': { file: 'assets/basics-F.js', imports: ['index.html'] },
  'src/app/routes/home/SignedInHome.tsx': {
    file: 'assets/SignedInHome-G.js',
    imports: ['index.html', '_basics-F.js', '_shared-C.js'],
    css: ['assets/SignedInHome-G.css'],
  },
};

const moduleFor = (pathname: string) =>
  PAGE_MODULES.find(([pattern]) => pattern.test(pathname))?.[1];

describe('page preloads (issue 14 §4)', () => {
  it("names the page's chunk, what it imports, and their CSS, but not the entry's files", () => {
    expect(preloadTags(MANIFEST, 'src/features/lists/routes/ListPage.tsx').split('\n')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/ListPage-B.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-C.js">',
      '<link rel="modulepreload" crossorigin href="/assets/useMutation-D.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/ListPage-B.css">',
      '<link rel="preload" as="style" crossorigin href="/assets/shared-C.css">',
    ]);
    expect(preloadTags(MANIFEST, 'src/unknown.tsx')).toBe('');
  });

  it('maps URL paths to pages as the router does (any case, a trailing slash)', () => {
    expect(moduleFor('/')).toBe('src/app/routes/home/HomePage.tsx');
    expect(moduleFor('/lists/coffee')).toBe('src/features/lists/routes/ListPage.tsx');
    expect(moduleFor('/Lists/coffee/')).toBe('src/features/lists/routes/ListPage.tsx');
    expect(moduleFor('/lists/coffee/delete')).toBe('src/features/lists/routes/DeleteListPage.tsx');
    expect(moduleFor('/signin')).toBe('src/features/auth/routes/SignInPage.tsx');
    expect(moduleFor('/newSpot')).toBe('src/features/places/routes/NewSpotPage.tsx');
    expect(moduleFor('/import/12')).toBe('src/features/imports/routes/ImportPage.tsx');
    expect(moduleFor('/nothing/here')).toBeUndefined();
  });

  it("adds a page's signed-in code for a signed-in visitor only, naming shared chunks once", () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'spotbook-preloads-'));
    try {
      mkdirSync(path.join(dist, '.vite'));
      writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      const preloadsFor = pagePreloads(dist);
      expect(preloadsFor('/', false).split('\n')).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/HomePage-E.js">',
        '<link rel="modulepreload" crossorigin href="/assets/basics-F.js">',
      ]);
      expect(preloadsFor('/', true).split('\n')).toEqual([
        '<link rel="modulepreload" crossorigin href="/assets/HomePage-E.js">',
        '<link rel="modulepreload" crossorigin href="/assets/basics-F.js">',
        '<link rel="modulepreload" crossorigin href="/assets/SignedInHome-G.js">',
        '<link rel="modulepreload" crossorigin href="/assets/shared-C.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/SignedInHome-G.css">',
        '<link rel="preload" as="style" crossorigin href="/assets/shared-C.css">',
      ]);
      // A page with no signed-in code of its own is the same for both.
      expect(preloadsFor('/lists/coffee', true)).toBe(preloadsFor('/lists/coffee', false));
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('names only signed-in modules that exist and that their page imports', () => {
    for (const [pattern, module] of SIGNED_IN_MODULES) {
      expect(existsSync(path.join(webRoot, module)), module).toBe(true);
      const page = PAGE_MODULES.find(([pagePattern]) => pagePattern.source === pattern.source);
      const pageCode = readFileSync(path.join(webRoot, page![1]), 'utf8');
      expect(pageCode, module).toContain(`import('./${path.basename(module)}')`);
    }
  });

  it('names only route modules that exist and that the router loads', () => {
    const router = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
    for (const [, module] of PAGE_MODULES) {
      expect(existsSync(path.join(webRoot, module)), module).toBe(true);
      const imported = module.replace(/^src\//, '').replace(/^app\//, './');
      expect(router, module).toContain(path.basename(imported));
    }
  });
});
