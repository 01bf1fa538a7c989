import { describe, expect, it } from 'vitest';
import { formsOrShared } from './form-chunks.ts';
import { chunkingContext } from './test-module-graph.ts';

/** Modules of a web app beside the libraries and the contract (test-module-graph.ts). */
const ctx = chunkingContext({
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
});

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
