import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
/** Where `npm run dev` finds the API; override to run against a server on another port. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // The API checks that a write's Origin host equals the Host header; keeping the
    // browser's Host (changeOrigin: false) lets the dev proxy pass that check.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { port: 5173 },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
