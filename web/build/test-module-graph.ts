/**
 * Module graphs as rolldown's chunking context shows them, for the chunking tests: zod,
 * react-hook-form and the contract's barrel as they are built (a schema module reaching
 * zod, a zod-free one re-exported beside it), plus each test's own modules.
 */
export type TestModules = Record<
  string,
  { code?: string; importedIds?: string[]; exports?: string[] }
>;

export const LIBRARIES_AND_CONTRACT: TestModules = {
  '/r/node_modules/zod/v4/index.js': { exports: ['z'] },
  '/r/node_modules/react-hook-form/dist/index.esm.mjs': { exports: ['useForm'] },
  '/r/contract/src/index.ts': {
    importedIds: ['/r/contract/src/photos.ts', '/r/contract/src/photo-limits.ts'],
    // What rolldown lists for `export * from …`.
    exports: ['*', '*'],
  },
  '/r/contract/src/photo-limits.ts': { exports: ['PHOTO_LIMITS'] },
  '/r/contract/src/photos.ts': {
    importedIds: ['/r/node_modules/zod/v4/index.js', '/r/contract/src/photo-limits.ts'],
    exports: ['photoSchema', 'PHOTO_LIMITS'],
  },
};

/** The chunking context of `modules` with the libraries and the contract above. */
export function chunkingContext(modules: TestModules) {
  const all = { ...LIBRARIES_AND_CONTRACT, ...modules };
  return {
    getModuleInfo: (id: string) => {
      const info = all[id];
      return info
        ? {
            code: info.code ?? '',
            importedIds: info.importedIds ?? [],
            exports: info.exports ?? [],
          }
        : null;
    },
  };
}
