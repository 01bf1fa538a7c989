import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { brandTokens } from './build/brand-tokens.ts';
import { entryChunk } from './build/entry-chunk.ts';
import { formsOrShared, noChunkCycles } from './build/form-chunks.ts';
import { precompress } from './build/precompress.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** Where `npm run dev` finds the API; override to run against a server on another port. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

const CONTRACT_MODULE = /contract[\\/]src[\\/]/;
/**
 * A new visitor's first screens, whose shared modules the entry carries (entryChunk): the
 * front page (signed out: the signed-in home is a chunk of its own), sign-in, sign-up and
 * the password pages.
 */
const authRoutes = path.join(webRoot, 'src/features/auth/routes');
const LIGHT_PAGES = [
  path.join(webRoot, 'src/app/routes/home/HomePage.tsx'),
  ...readdirSync(authRoutes)
    .filter((file) => /Page\.tsx$/.test(file))
    .map((file) => path.join(authRoutes, file)),
];
/** Those pages' own modules, which stay in their chunks. */
const LIGHT_PAGES_OWN =
  /web[\\/]src[\\/](app[\\/]routes[\\/]home|features[\\/]auth[\\/]routes)[\\/]/;

export default defineConfig({
  root: webRoot,
  plugins: [brandTokens(), react(), noChunkCycles(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // zod, jitless (no eval probe under our CSP): see src/lib/zod-jitless.ts.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    // The API checks that a write's Origin host equals the Host header; keeping the
    // browser's Host (changeOrigin: false) lets the dev proxy pass that check.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each page needs: the server names them as modulepreloads in the page's
    // HTML (server/src/plugins/page-preloads.ts), and bench/first-screen-js.ts --page reads it.
    manifest: true,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: a page that imports one
      // constant through the barrel must not get every schema (and zod) with it.
      treeshake: { moduleSideEffects: (id) => !CONTRACT_MODULE.test(id) },
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically, in the entry's one file. Before,
              // the entry imported `shared`, and with it whatever any two pages shared
              // (forms, cards, dialogs): 172 KB gzip before any page (issue 14 §5,
              // decision 024). Pages now fetch `shared` when they need it. With it, what
              // the light pages share with the others (build/entry-chunk.ts).
              name: entryChunk(path.join(webRoot, 'index.html'), LIGHT_PAGES, LIGHT_PAGES_OWN),
              priority: 2,
            },
            {
              // Small modules several pages share (icons, form fields, alerts, limits)
              // in one chunk: left alone, each became a chunk of a few hundred bytes, and
              // a page asked for twenty of them through the browser's six connections.
              // Two chunks in fact: `forms` (whatever reaches zod or react-hook-form) and
              // `shared` (the rest), so a page that only shows fetches no zod (decision 024).
              name: formsOrShared(),
              test: /web[\\/]src[\\/]|contract[\\/]src[\\/]|lucide-react/,
              maxModuleSize: 16 * 1024,
              minShareCount: 2,
              // Each module goes where its own name says, not after the first module that
              // imports it: else `forms` took the cards and icons a form uses too, and
              // `shared` imported them from there (and with them zod). What a grouped
              // module imports and no group takes goes to rolldown's common chunks (zod
              // does); noChunkCycles() checks no two chunks import each other.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
