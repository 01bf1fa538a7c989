import { describe, expect, it } from 'vitest';
import { formsOrShared } from './form-chunks.ts';

/** A module graph as rolldown's chunking context shows it. */
const MODULES: Record<string, { code?: string; importedIds?: string[]; exports?: string[] }> = {
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
  '/r/web/src/components/Card.tsx': {
    code: 'import { PHOTO_LIMITS } from "@spotbook/contract";',
    importedIds: ['/r/contract/src/index.ts'],
  },
  '/r/web/src/components/PhotoForm.tsx': {
    code: 'import { photoSchema as schema, PHOTO_LIMITS } from "@spotbook/contract";',
    importedIds: ['/r/contract/src/index.ts'],
  },
  '/r/web/src/components/Field.tsx': {
    importedIds: ['/r/node_modules/react-hook-form/dist/index.esm.mjs'],
  },
  '/r/web/src/components/Dialog.tsx': { importedIds: ['/r/web/src/components/Field.tsx'] },
  '/r/web/src/components/PhotoDialog.tsx': {
    importedIds: ['/r/web/src/components/Dialog.tsx', '/r/web/src/components/PhotoForm.tsx'],
  },
};
const ctx = {
  getModuleInfo: (id: string) => {
    const info = MODULES[id];
    return info
      ? { code: info.code ?? '', importedIds: info.importedIds ?? [], exports: info.exports ?? [] }
      : null;
  },
};

describe('the forms, fields and shared chunks (decision 024)', () => {
  it('puts what reaches zod in forms, what reaches only react-hook-form in fields, the rest in shared', () => {
    const name = formsOrShared();
    const chunkOf = (file: string) => name(`/r/${file}`, ctx);
    expect(chunkOf('contract/src/photo-limits.ts')).toBe('shared');
    expect(chunkOf('contract/src/photos.ts')).toBe('forms');
    // Through the barrel, by name: PHOTO_LIMITS is photo-limits.ts's, only re-exported.
    expect(chunkOf('web/src/components/Card.tsx')).toBe('shared');
    expect(chunkOf('web/src/components/PhotoForm.tsx')).toBe('forms');
    expect(chunkOf('web/src/components/Field.tsx')).toBe('fields');
    expect(chunkOf('web/src/components/Dialog.tsx')).toBe('fields');
    expect(chunkOf('web/src/components/PhotoDialog.tsx')).toBe('forms');
  });
});
