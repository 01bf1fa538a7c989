import { describe, expect, it } from 'vitest';
import { entryChunk } from './entry-chunk.ts';
import { chunkingContext } from './test-module-graph.ts';

const LUCIDE = '/r/node_modules/lucide-react/dist/esm/lucide-react.mjs';
const icon = (file: string) => `/r/node_modules/lucide-react/dist/esm/icons/${file}.mjs`;

/** The app's entry, a light page, another page; zod, react-hook-form and the contract too. */
const ctx = chunkingContext({
  '/r/web/index.html': { importedIds: ['/r/web/src/main.tsx'] },
  '/r/web/src/main.tsx': {
    code: 'import { Menu } from "lucide-react";',
    importedIds: ['/r/web/src/components/Button.tsx', LUCIDE],
  },
  '/r/web/src/components/Button.tsx': {},
  // As the package ships it: each icon re-exported under its names.
  [LUCIDE]: {
    code: [
      "export { default as Menu, default as MenuIcon } from './icons/menu.mjs';",
      "export { default as LogIn, default as LucideLogIn } from './icons/log-in.mjs';",
      "export { default as Trash } from './icons/trash.mjs';",
    ].join('\n'),
    importedIds: [icon('menu'), icon('log-in'), icon('trash')],
    exports: ['Menu', 'MenuIcon', 'LogIn', 'LucideLogIn', 'Trash'],
  },
  [icon('menu')]: { exports: ['default'] },
  [icon('log-in')]: { exports: ['default'] },
  [icon('trash')]: { exports: ['default'] },
  '/r/web/src/features/auth/routes/SignInPage.tsx': {
    code: [
      'import { PHOTO_LIMITS } from "@spotbook/contract";',
      'import { LogIn } from "lucide-react";',
    ].join('\n'),
    importedIds: [
      '/r/web/src/components/Alert.tsx',
      '/r/contract/src/index.ts',
      LUCIDE,
      '/r/web/src/components/Field.tsx',
      '/r/web/src/features/auth/routes/sign-in-copy.ts',
    ],
  },
  '/r/web/src/features/auth/routes/sign-in-copy.ts': {},
  '/r/web/src/components/Alert.tsx': {},
  '/r/web/src/components/Field.tsx': {
    importedIds: ['/r/node_modules/react-hook-form/dist/index.esm.mjs'],
  },
  '/r/web/src/features/lists/ListPage.tsx': {
    code: 'import { Trash } from "lucide-react";',
    importedIds: ['/r/web/src/components/Card.tsx', LUCIDE],
  },
  '/r/web/src/components/Card.tsx': {},
});
describe('the entry chunk (decision 024)', () => {
  const name = entryChunk(
    '/r/web/index.html',
    ['/r/web/src/features/auth/routes/SignInPage.tsx'],
    /web\/src\/features\/auth\/routes\//,
  );
  const chunkOf = (file: string) => name(file.startsWith('/') ? file : `/r/${file}`, ctx);

  it('holds what the entry imports, an icon through the barrel by its name', () => {
    expect(chunkOf('web/src/main.tsx')).toBe('index');
    expect(chunkOf('web/src/components/Button.tsx')).toBe('index');
    expect(chunkOf(icon('menu'))).toBe('index');
  });

  it('adds what the light pages use, but not their form code or their own modules', () => {
    expect(chunkOf('web/src/components/Alert.tsx')).toBe('index');
    expect(chunkOf(icon('log-in'))).toBe('index');
    // Through the contract's barrel by name: the zod-free module, not the schemas.
    expect(chunkOf('contract/src/photo-limits.ts')).toBe('index');
    expect(chunkOf('contract/src/photos.ts')).toBeNull();
    expect(chunkOf('web/src/components/Field.tsx')).toBeNull();
    expect(chunkOf('web/src/features/auth/routes/SignInPage.tsx')).toBeNull();
    expect(chunkOf('web/src/features/auth/routes/sign-in-copy.ts')).toBeNull();
  });

  it('leaves out what only the other pages use, their icons too', () => {
    expect(chunkOf('web/src/components/Card.tsx')).toBeNull();
    expect(chunkOf(icon('trash'))).toBeNull();
    expect(chunkOf('web/src/features/lists/ListPage.tsx')).toBeNull();
  });
});
